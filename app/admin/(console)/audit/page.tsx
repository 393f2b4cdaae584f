import { getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { auditFilterQuery, parseAuditFilter } from "@/lib/features/admin/audit-filter";
import { listAuditEntries } from "@/lib/features/admin/audit-log";
import { AuditFilters } from "@/components/admin/audit-filters";
import { AuditTable } from "@/components/admin/audit-table";
import { Pager } from "@/components/ui/pager";
import { Alert } from "@/components/ui/alert";
import { titleFrom } from "@/components/layout/page-title";
import { HeadedSection } from "@/components/ui/headed-section";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { EmptyState } from "@/components/ui/empty-state";

export const generateMetadata = titleFrom("audit.title");

export default async function AuditPage({ searchParams }: SearchParamsProps) {
  await requireStaffPage();
  const t = await getTranslations("audit");
  const { filter, problems } = parseAuditFilter(await searchParams);
  const result = await listAuditEntries(filter);
  const filtered = Object.keys(filter).some((k) => k !== "page");
  const entriesHeading = t.rich("entries", {
    total: String(result.total),
    count: (chunks) => <span className="font-normal text-slate-700 dark:text-slate-300">{chunks}</span>,
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <AuditFilters filter={filter} />
      {problems.length > 0 && (
        <Alert tone="warning" title={t("filtersIgnored")}>
          <ul className="list-disc pl-5">
            {problems.map((m) => (
              <li key={m}>{t(`filterProblems.${m}`)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <HeadedSection headingId="entries-heading" heading={entriesHeading}>
        {result.entries.length === 0 ? (
          <EmptyState>{filtered ? t("noMatches") : t("empty")}</EmptyState>
        ) : (
          <AuditTable entries={result.entries} />
        )}
        <Pager
          label={t("pages")}
          page={result.page}
          lastPage={result.lastPage}
          hrefFor={(page) => `/admin/audit${auditFilterQuery({ ...filter, page })}`}
        />
      </HeadedSection>
    </div>
  );
}
