import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-classes";

/** Previous/next page links; a missing direction is shown as text, not as a dead link. */
export function Pager({
  page,
  lastPage,
  hrefFor,
  label,
}: {
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const t = useTranslations("ui.pager");
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary")}>
          <span aria-hidden="true">←</span> {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-current="page">
        {/* Page numbers are positions, not amounts: written without grouping in every language. */}
        {t("position", { page: String(page), lastPage: String(lastPage) })}
      </p>
      {page < lastPage ? (
        <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary")}>
          {t("next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
