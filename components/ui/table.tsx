/**
 * A table in a bordered box that scrolls sideways where the screen is narrower than `minWidth` (a
 * min-w-* class); the box is a named region that takes focus, so a keyboard scrolls it too.
 */
export function ScrollingTable({
  label,
  caption,
  minWidth,
  header,
  children,
}: {
  label: string;
  caption: string;
  minWidth: string;
  /** The header row's cells. */
  header: React.ReactNode;
  /** The body's rows. */
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800">
          <tr>{header}</tr>
        </thead>
        <tbody>{children}</tbody>
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
