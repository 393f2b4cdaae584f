import type { ReactNode } from "react";

/** What every list shows when it has nothing to show: a line of words (links allowed), under a title where given. */
export function EmptyState({
  title,
  children,
  className = "",
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700 ${className}`}
    >
      {title !== undefined && <p className="font-semibold">{title}</p>}
      <p className={title === undefined ? "" : "mt-1 text-sm text-slate-600 dark:text-slate-300"}>{children}</p>
    </div>
  );
}

/** A paged, filtered list's empty state: past its last page, else no match for its filters, else nothing at all. */
export function ListEmptyState({
  pastEnd,
  noMatch,
  none,
}: {
  pastEnd: ReactNode;
  noMatch: ReactNode;
  none: ReactNode;
}) {
  return <EmptyState>{pastEnd || noMatch || none}</EmptyState>;
}
