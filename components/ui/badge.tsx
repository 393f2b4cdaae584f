type Tone = "green" | "red" | "amber" | "slate" | "blue";

/**
 * Status shown as text in a coloured pill: colour is never the only signal. Styled by `.badge` and
 * `.badge-<tone>` in app/globals.css: tables repeat it per row.
 */
export function Badge({ tone = "slate", children }: { tone?: Tone; children: React.ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
