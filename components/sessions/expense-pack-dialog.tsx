"use client";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/field";
import type { ExpensePackChoices, PackPeriodKind } from "@/lib/expense-pack/period";

/**
 * The months by name ("November 2026", by the server's clock and time zone) and the list's filters
 * when some are set (lib/expense-pack/period.ts packChoices).
 */
export interface ExpensePackDialogProps extends ExpensePackChoices {
  /** The route that answers with the ZIP: the driver's own, or staff's for one driver. */
  endpoint: string;
  /** Whose pack, for the opener's accessible name on staff pages ("for Demi Driver"). */
  forWhom?: string;
}

type FieldErrors = Partial<Record<"period" | "from" | "to", string[]>>;

function filenameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? "expense-pack.zip";
}

/** Hands the downloaded ZIP to the browser as a file, the way a plain download link would. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Download expense pack": a modal <dialog> (focus moves in and stays, Escape closes, focus returns
 * to the opener) where the driver picks the period. The pack is fetched here rather than by a plain
 * link, so an empty period or a bad date shows its message in the dialog, next to what was typed.
 */
export function ExpensePackDialog({
  endpoint,
  thisMonthLabel,
  lastMonthLabel,
  filters,
  forWhom,
}: ExpensePackDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [kind, setKind] = useState<PackPeriodKind>("last-month");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);

  const options: { value: PackPeriodKind; label: string; hint?: string }[] = [
    { value: "this-month", label: `This month (${thisMonthLabel})`, hint: "Sessions still running are left out." },
    { value: "last-month", label: `Last month (${lastMonthLabel})` },
    { value: "custom", label: "Your own dates" },
    ...(filters ? [{ value: "filters" as const, label: "The current filters", hint: filters.description }] : []),
  ];

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = new URLSearchParams({ period: kind });
    if (kind === "custom") {
      query.set("from", String(data.get("from") ?? ""));
      query.set("to", String(data.get("to") ?? ""));
    }
    if (kind === "filters" && filters) {
      for (const name of ["status", "from", "to"] as const) if (filters[name]) query.set(name, filters[name]!);
    }
    setPending(true);
    setError(null);
    setFieldErrors({});
    setDone(null);
    try {
      const response = await fetch(`${endpoint}?${query}`, { headers: { accept: "application/zip" } });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string; fields?: FieldErrors } | null;
        setError(body?.error ?? "The expense pack could not be made just now. Please try again.");
        setFieldErrors(body?.fields ?? {});
        return;
      }
      const filename = filenameOf(response);
      saveFile(await response.blob(), filename);
      setDone(`Your expense pack ${filename} is downloaded.`);
      dialogRef.current?.close();
    } catch {
      setError("The expense pack could not be downloaded. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        ref={openerRef}
        type="button"
        aria-haspopup="dialog"
        className={buttonClasses("secondary")}
        onClick={() => {
          setDone(null);
          dialogRef.current?.showModal();
          // The browser would focus the first radio; the chosen one is where the keyboard should start.
          dialogRef.current?.querySelector<HTMLInputElement>("input[name=period]:checked")?.focus();
        }}
      >
        Download expense pack{forWhom && <span className="sr-only"> for {forWhom}</span>}
      </button>
      <p role="status" className="text-sm">
        {done}
      </p>
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => openerRef.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Download an expense pack
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm">
          A ZIP file for an expense claim: a summary PDF with the totals, a PDF receipt for each finished charging
          session, and the sessions as a spreadsheet (CSV).
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <fieldset aria-describedby={fieldErrors.period ? `${id}-period-error` : undefined}>
            <legend className="text-sm font-medium">Period</legend>
            <div className="mt-2 space-y-2">
              {options.map((option) => (
                <label key={option.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="period"
                    value={option.value}
                    checked={kind === option.value}
                    onChange={() => setKind(option.value)}
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                  />
                  <span>
                    {option.label}
                    {option.hint && <span className="block text-slate-600 dark:text-slate-400">{option.hint}</span>}
                  </span>
                </label>
              ))}
            </div>
            {fieldErrors.period && (
              <p id={`${id}-period-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {fieldErrors.period.join(" ")}
              </p>
            )}
          </fieldset>
          {/* Hidden, not removed: dates typed before switching period are still there on the way back. */}
          <div className="grid gap-3 sm:grid-cols-2" hidden={kind !== "custom"}>
            <TextField label="First day" name="from" type="date" errors={fieldErrors.from} />
            <TextField label="Last day" name="to" type="date" errors={fieldErrors.to} />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClasses("secondary")} onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button type="submit" className={buttonClasses("primary")} disabled={pending} aria-disabled={pending}>
              {pending ? <Spinner label="Preparing the pack…" /> : "Download pack"}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
