import Link from "next/link";
import { getTranslations } from "next-intl/server";
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
 * with previous/next links when there is more than one page. A server component.
 */
export async function SessionPagination({ page, lastPage, hasNext, total, hrefFor }: SessionPaginationProps) {
  const t = await getTranslations("sessions.pagination");
  const hasPrevious = page > 1;
  // Numbers as they were always written ("Page 10000", "1247 sessions"), not grouped.
  const position = (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {lastPage === null
        ? t("page", { page: String(page) })
        : t("pageOf", { page: String(page), lastPage: String(lastPage), total: String(total), count: total })}
    </p>
  );
  if (!hasPrevious && !hasNext) return position;
  const disabled = `${buttonClasses("secondary")} pointer-events-none opacity-70`;
  return (
    <nav aria-label={t("nav")} className="flex flex-wrap items-center justify-between gap-3">
      {position}
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary")}>
            {t("previous")}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {t("previous")}
          </span>
        )}
        {hasNext ? (
          <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary")}>
            {t("next")}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {t("next")}
          </span>
        )}
      </div>
    </nav>
  );
}
