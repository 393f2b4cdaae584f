import { useTranslations } from "next-intl";

type Tone = "info" | "success" | "warning" | "error";

const tones: Record<Tone, string> = {
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
};

/** A visible message box. Errors use role="alert"; other tones are plain, announced by a FormStatus where needed. */
export function Alert({ tone = "info", title, children }: { tone?: Tone; title?: string; children?: React.ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : undefined} className={`rounded-md border px-4 py-3 ${tones[tone]}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className="text-sm">{children}</div>}
    </div>
  );
}

/** Live region for the outcome of a form: screen readers hear success and failure messages. */
export function FormStatus({
  message,
  tone = "info",
  focusRef,
}: {
  message?: string | null;
  tone?: Tone;
  /** For a status that takes the focus when the control that had it goes away (a removed row). */
  focusRef?: React.Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      role="status"
      aria-live="polite"
      className="min-h-0 outline-none"
    >
      {message ? <Alert tone={tone}>{message}</Alert> : null}
    </div>
  );
}

/**
 * The summary above a two-column form whose fields were refused: the action's message, or a
 * plain request to fix the marked fields. Nothing when the last submit was not refused.
 */
export function InvalidFormSummary({ state }: { state: { status: string; message?: string | null } }) {
  const t = useTranslations("ui");
  if (state.status !== "invalid") return null;
  return (
    <div className="sm:col-span-2">
      <Alert tone="error">{state.message ?? t("correctMarkedFields")}</Alert>
    </div>
  );
}

/** The values a list's filters ignored, one sentence each, under `title`; nothing when every value was usable. */
export function FilterProblems({ title, problems }: { title: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert tone="warning" title={title}>
      <ul className="list-disc pl-5">
        {problems.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}
