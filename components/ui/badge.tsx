type Tone = "green" | "red" | "amber" | "slate" | "blue";

const tones: Record<Tone, string> = {
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  slate: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
};

/** Status shown as text in a coloured pill: colour is never the only signal. */
export function Badge({ tone = "slate", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
