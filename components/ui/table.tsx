/**
 * A table in a focusable, named box that scrolls sideways below `minWidth`. `stackedBelowSm`: below `sm` the header
 * is for screen readers only and the caller lays each row out as a card (docs/design-notes.md).
 */
export function ScrollingTable({
  label,
  caption,
  minWidth,
  header,
  children,
  stackedBelowSm = false,
}: {
  label: string;
  caption: string;
  minWidth: string;
  /** The header row's cells. */
  header: React.ReactNode;
  /** The body's rows. */
  children: React.ReactNode;
  stackedBelowSm?: boolean;
}) {
  const phone = stackedBelowSm
    ? { table: "max-sm:block", head: "max-sm:sr-only", body: "max-sm:block" }
    : { table: "", head: "", body: undefined };
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table className={`w-full ${minWidth} text-left text-sm ${phone.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead
          className={`border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800 ${phone.head}`}
        >
          <tr>{header}</tr>
        </thead>
        <tbody className={phone.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** A column's header cell: scope="col" ties it to the cells below it for screen readers. */
export function ColumnHeader({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <th scope="col" className={className}>
      {children}
    </th>
  );
}
