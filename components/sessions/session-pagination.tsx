import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";

export interface SessionPaginationProps {
  page: number;
  /** Null when the platform did not say; then only "next" decides. */
  lastPage: number | null;
  hasNext: boolean;
  /**
   * Every matching session only when `lastPage` is known. A cursor list (ampeco) has no total: until
   * its last page is reached, `total` counts only the sessions walked so far, so it is not shown.
   */
  total: number;
  hrefFor: (page: number) => string;
}

/**
 * The position in words ("Page 2 of 10 · 247 sessions", or "Page 2" when the platform gives no total),
 * with previous/next links when there is more than one page. Server-renderable.
 */
export function SessionPagination({ page, lastPage, hasNext, total, hrefFor }: SessionPaginationProps) {
  const hasPrevious = page > 1;
  const position = (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Page {page}
      {lastPage !== null && ` of ${lastPage} · ${total} session${total === 1 ? "" : "s"}`}
    </p>
  );
  if (!hasPrevious && !hasNext) return position;
  const disabled = `${buttonClasses("secondary")} pointer-events-none opacity-70`;
  return (
    <nav aria-label="Session pages" className="flex flex-wrap items-center justify-between gap-3">
      {position}
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary")}>
            Previous page
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Previous page
          </span>
        )}
        {hasNext ? (
          <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary")}>
            Next page
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Next page
          </span>
        )}
      </div>
    </nav>
  );
}
