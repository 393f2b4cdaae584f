"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/button";
import { DownloadProgress } from "@/components/ui/download-progress";
import { useFollowedDownload } from "@/components/ui/followed-download";
import { buttonClasses } from "@/components/ui/button-classes";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextField } from "@/components/ui/field";
import type { ExpensePackChoices, PackPeriodKind } from "@/lib/features/expense-pack/shared";

export interface ExpensePackPeriodDialogProps extends ExpensePackChoices {
  /** The route that answers with the ZIP: the driver's own, or staff's for one driver. */
  endpoint: string;
  /** Counts the opener's clicks: each one opens the dialog (it stays mounted, keeping what was typed). */
  openRequest: number;
  /** The dialog closed (Escape, Cancel, or a finished download): focus goes back to the opener. */
  onClosed: () => void;
  /** The pack was saved: the opener's status line says so. */
  onDownloaded: (message: string) => void;
}

type FieldErrors = Partial<Record<"period" | "from" | "to", string[]>>;

/**
 * Loaded when opened; a modal <dialog>. The pack is fetched here, not by a plain link, so an empty period or a bad date
 * shows its message next to what was typed.
 */
export function ExpensePackPeriodDialog({
  endpoint,
  thisMonthLabel,
  lastMonthLabel,
  filters,
  openRequest,
  onClosed,
  onDownloaded,
}: ExpensePackPeriodDialogProps) {
  const t = useTranslations("sessions.packDialog");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [kind, setKind] = useState<PackPeriodKind>("last-month");
  const { state, start, cancel } = useFollowedDownload();
  const pending = state.phase === "running";
  const error = state.phase === "failed" ? (state.message ?? (state.offline ? t("offline") : t("failed"))) : null;
  const fieldErrors: FieldErrors = (state.phase === "failed" && state.fields) || {};

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // The browser would focus the first radio; the chosen one is where the keyboard should start.
    dialog.querySelector<HTMLInputElement>("input[name=period]:checked")?.focus();
  }, [openRequest]);

  const options: { value: PackPeriodKind; label: string; hint?: string }[] = [
    { value: "this-month", label: t("thisMonth", { month: thisMonthLabel }), hint: t("thisMonthHint") },
    { value: "last-month", label: t("lastMonth", { month: lastMonthLabel }) },
    { value: "custom", label: t("custom") },
    ...(filters ? [{ value: "filters" as const, label: t("filters"), hint: filters.description }] : []),
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
    // Followed: "12 of 48 receipts" as the server writes them, a Cancel that stops its platform reads.
    const outcome = await start(`${endpoint}?${query}`, "expense-pack.zip");
    if (outcome.phase === "done") {
      onDownloaded(t("downloaded", { filename: outcome.filename }));
      dialogRef.current?.close();
    }
  }

  return (
    <ModalDialog ref={dialogRef} id={id} title={t("title")} text={t("text")} width="max-w-lg" onClose={onClosed}>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <fieldset aria-describedby={fieldErrors.period ? `${id}-period-error` : undefined}>
          <legend className="text-sm font-medium">{t("period")}</legend>
          <div className="mt-2 space-y-2">
            {options.map((option) => (
              <label key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="period"
                  value={option.value}
                  checked={kind === option.value}
                  onChange={() => setKind(option.value)}
                  className="mt-0.5 h-4 w-4 accent-brand-700 dark:accent-emerald-400"
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
          <TextField label={t("firstDay")} name="from" type="date" errors={fieldErrors.from} />
          <TextField label={t("lastDay")} name="to" type="date" errors={fieldErrors.to} />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {(state.phase === "running" || state.phase === "cancelled") && (
          <DownloadProgress state={state} onCancel={cancel} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className={buttonClasses("secondary")}
            onClick={() => {
              if (pending) cancel();
              dialogRef.current?.close();
            }}
          >
            {t("cancel")}
          </button>
          <button type="submit" className={buttonClasses("primary")} disabled={pending} aria-disabled={pending}>
            {pending ? <Spinner label={t("preparing")} /> : t("submit")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
