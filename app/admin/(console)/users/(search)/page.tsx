import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { findDrivers, parseDriverSearch, type DriverSearchHit } from "@/lib/features/admin/find-driver";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { DriverSearchForm } from "@/components/admin/driver-search-form";
import { DriverSearchResults } from "@/components/admin/driver-search-results";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { logger } from "@/lib/core/log";
import { titleFrom } from "@/components/layout/page-title";
import { HeadedSection } from "@/components/ui/headed-section";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { TextLink } from "@/components/ui/text-link";
import { EmptyState } from "@/components/ui/empty-state";

export const generateMetadata = titleFrom("driverSearch.title");

export default async function FindDriverPage({ searchParams }: SearchParamsProps) {
  await requireStaffPage();
  const t = await getTranslations("driverSearch");
  const translator = await requestTranslator();
  const search = parseDriverSearch(await searchParams);

  let hits: DriverSearchHit[] | null = null;
  let failure: string | null = null;
  if (search.kind === "ok") {
    try {
      hits = await findDrivers(search.query);
    } catch (error) {
      logger("admin").error("driver search failed", error);
      failure = platformErrorMessage(translator, error, "driverSearch.doing.search");
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link href="/admin/users/new" className={buttonClasses("secondary")}>
          {t("createDriver")}
        </Link>
      </div>
      <DriverSearchForm
        by={search.by}
        q={search.q}
        error={search.kind === "invalid" ? translator(search.problem.key, search.problem.values) : undefined}
      />

      <HeadedSection headingId="results-heading" heading={t("results.heading")}>
        <div role="status" aria-live="polite">
          {search.kind === "empty" && <p className="text-slate-700 dark:text-slate-300">{t("start")}</p>}
          {search.kind === "invalid" && <p className="text-slate-700 dark:text-slate-300">{t("correctSearch")}</p>}
          {failure && (
            <Alert tone="error" title={t("failed")}>
              {failure}
            </Alert>
          )}
          {hits && hits.length === 0 && (
            <EmptyState>
              {t.rich("noHits", {
                by: search.by,
                create: (chunks) => <TextLink href="/admin/users/new">{chunks}</TextLink>,
              })}
            </EmptyState>
          )}
          {hits && hits.length > 0 && (
            <p className="text-slate-700 dark:text-slate-300">{t("resultCount", { count: hits.length })}</p>
          )}
        </div>
        {hits && hits.length > 0 && <DriverSearchResults hits={hits} byCard={search.by === "card"} />}
      </HeadedSection>
    </div>
  );
}
