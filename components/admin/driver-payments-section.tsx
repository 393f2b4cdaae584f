import { getTranslations } from "next-intl/server";
import { LedgerPager, LedgerTable, type LedgerLinks } from "@/components/payments/ledger-table";
import { LoadError } from "@/components/ui/load-error";
import type { Translator } from "@/lib/core/i18n/translator";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import type { LedgerView } from "@/lib/features/payments";
import type { Settled } from "@/lib/features/sessions/shared";
import { EmptyState } from "@/components/ui/empty-state";

/** A driver's ledger for staff, the driver page's table; on the contract the absence is said without a call. */
export async function DriverPaymentsSection({
  platformUserId,
  view,
  locale,
  translator,
  hrefFor,
}: {
  platformUserId: number;
  view: Settled<LedgerView>;
  locale: string;
  translator: Translator;
  hrefFor: (page: number) => string;
}) {
  const t = await getTranslations("admin.driver");
  if (!view.ok) {
    return (
      <LoadError
        title={t("paymentsFailed")}
        message={platformErrorMessage(translator, view.error, "admin.doing.loadPayments")}
        retryHref={hrefFor(1)}
      />
    );
  }
  if (view.value.kind === "notProvided")
    return <p className="text-slate-700 dark:text-slate-300">{t("paymentsNotProvided")}</p>;
  const { rows, page, hasNext } = view.value.page;
  if (rows.length === 0) return <EmptyState>{page > 1 ? t("noPaymentsOnPage") : t("noPayments")}</EmptyState>;
  const links: LedgerLinks = {
    session: null,
    invoice: (id) => `/api/admin/users/${platformUserId}/invoices/${id}`,
  };
  return (
    <div className="space-y-3">
      <LedgerTable rows={rows} caption={t("paymentsCaption")} locale={locale} links={links} />
      <LedgerPager page={page} hasNext={hasNext} hrefFor={hrefFor} />
    </div>
  );
}
