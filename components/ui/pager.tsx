import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-classes";

/** Previous/next page links; a missing direction is shown as text, not as a dead link. `words` replace the default ones. */
export function Pager({
  page,
  lastPage,
  hasNext = lastPage !== undefined && page < lastPage,
  hrefFor,
  label,
  words,
}: {
  page: number;
  /** Where the total is known; otherwise `hasNext` says whether a next page exists. */
  lastPage?: number;
  hasNext?: boolean;
  hrefFor: (page: number) => string;
  label: string;
  words?: { previous: string; next: string; position: string };
}) {
  const t = useTranslations("ui.pager");
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary")}>
          <span aria-hidden="true">←</span> {words?.previous ?? t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-current="page">
        {/* Page numbers are positions, not amounts: written without grouping in every language. */}
        {words?.position ?? t("position", { page: String(page), lastPage: String(lastPage ?? page) })}
      </p>
      {hasNext ? (
        <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary")}>
          {words?.next ?? t("next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
