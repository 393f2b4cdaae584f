import { getTranslations } from "next-intl/server";
import { LedgerPager, LedgerTable } from "@/components/payments/ledger-table";
import { PaymentFilters } from "@/components/payments/payment-filters";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { Alert, FilterProblems } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { logPaymentError } from "@/lib/features/payments/deps";
import {
  hasPaymentFilter,
  parsePaymentFilter,
  paymentFilterQuery,
  type PaymentListFilter,
} from "@/lib/features/payments/filters";
import { loadLedgerView, type LedgerPage } from "@/lib/features/payments/service";
import { settle } from "@/lib/features/sessions/settle";
import { ListEmptyState } from "@/components/ui/empty-state";
import { inlineLink } from "@/components/ui/rich-text";
import { RetryAlert } from "@/components/ui/load-error";
import { readListQuery } from "@/components/layout/list-query";
import { FollowedDownloadLink } from "@/components/ui/followed-download-link";

export const generateMetadata = titleFrom("payments.title");

const PATH = "/account/payments";

export default async function PaymentsPage({ searchParams }: SearchParamsProps) {
  const viewer = await requireDriverPage();
  const [t, { translator, locale, filter, problems }] = await Promise.all([
    getTranslations("payments"),
    readListQuery(searchParams, parsePaymentFilter),
  ]);
  const view = await settle(loadLedgerView(viewer.platformUserId, filter));
  const heading = (
    <div>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("intro")}</p>
    </div>
  );

  // Not in the navigation on such a platform; opened directly, the page says why once, under no promise of a list.
  if (view.ok && view.value.kind === "notProvided") {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Alert tone="info" title={t("notProvided.title")}>
          {t.rich("notProvided.body", { sessions: inlineLink("/sessions") })}
        </Alert>
      </div>
    );
  }
  if (!view.ok) logPaymentError("listing payments", view.error);
  const range = { kind: filter.kind, from: filter.from, to: filter.to };
  const hrefFor = (page: number) => `${PATH}${paymentFilterQuery({ ...filter, page })}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {heading}
        <FollowedDownloadLink
          href={`/api/payments/export${paymentFilterQuery(range)}`}
          filename="payments.csv"
          className={buttonClasses("secondary")}
        >
          {t("downloadCsv")}
        </FollowedDownloadLink>
      </div>
      <FilterProblems title={t("filtersNotUnderstood")} problems={problems} />
      <Card title={t("title")}>
        <PaymentFilters key={paymentFilterQuery(range)} {...range} />
        <div className="mt-4 space-y-3">
          {view.ok && view.value.kind === "ledger" ? (
            <Ledger filter={filter} page={view.value.page} locale={locale} hrefFor={hrefFor} />
          ) : (
            <RetryAlert
              title={t("loadFailed")}
              message={platformErrorMessage(translator, view.ok ? null : view.error, "payments.doing.loadLedger")}
              retryHref={hrefFor(filter.page)}
              retry={t("tryAgain")}
            />
          )}
        </div>
      </Card>
    </div>
  );
}

interface LedgerProps {
  filter: PaymentListFilter;
  page: LedgerPage;
  locale: string;
  hrefFor: (page: number) => string;
}

async function Ledger({ filter, page, locale, hrefFor }: LedgerProps) {
  const t = await getTranslations("payments");
  if (page.rows.length === 0) {
    return (
      <ListEmptyState
        pastEnd={
          filter.page > 1 && t.rich("empty.noPage", { page: String(filter.page), first: inlineLink(hrefFor(1)) })
        }
        noMatch={hasPaymentFilter(filter) && t.rich("empty.noMatch", { clear: inlineLink(PATH) })}
        none={t("empty.none")}
      />
    );
  }
  return (
    <>
      <LedgerTable
        rows={page.rows}
        locale={locale}
        caption={hasPaymentFilter(filter) ? t("table.captionFiltered") : t("table.caption")}
      />
      <LedgerPager page={page.page} hasNext={page.hasNext} hrefFor={hrefFor} />
    </>
  );
}
