import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { readDriverId } from "@/lib/core/actions/driver-id";
import { driverLabel } from "@/lib/features/admin/driver-label";
import { portalAccountOf } from "@/lib/features/admin/roles";
import { changeDriverEmailAction } from "@/lib/features/admin/actions/change-driver-email";
import { redeemVoucherForDriverAction } from "@/lib/features/admin/actions/redeem-voucher-for-driver";
import { startDriverPasswordResetAction } from "@/lib/features/admin/actions/start-driver-password-reset";
import { updateDriverProfileAction } from "@/lib/features/admin/actions/update-driver-profile";
import { correctDriverBillingDetailsAction } from "@/lib/features/admin/actions/correct-driver-billing-details";
import { loadBillingDetailsView } from "@/lib/features/billing";
import { BillingDetailsSection } from "@/components/billing/billing-details-section";
import { DriverPaymentsSection } from "@/components/admin/driver-payments-section";
import { logPaymentError } from "@/lib/features/payments/deps";
import { loadLedgerView } from "@/lib/features/payments/service";
import { settle } from "@/lib/features/sessions/settle";
import { listDriverCards } from "@/lib/features/cards/service";
import { latestCardStatusChanges } from "@/lib/features/cards/status-history";
import { placesOfSessions } from "@/lib/features/sessions";
import { listDriverSessions, listRunningSessions } from "@/lib/features/sessions/service";
import { logSessionError } from "@/lib/features/sessions";
import { chargingOffered } from "@/lib/features/charging";
import { RunningSessionsSection } from "@/components/admin/running-sessions-section";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { getConfig } from "@/lib/core/config";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { profileValuesOf } from "@/lib/features/accounts/profile-values";
import { toBalanceView } from "@/lib/features/accounts/balance-view";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { LoadError } from "@/components/ui/load-error";
import { ProfileForm } from "@/components/accounts/profile-form";
import { VoucherForm } from "@/components/vouchers/voucher-form";
import { SessionTable } from "@/components/sessions/session-table";
import { SessionPagination } from "@/components/sessions/session-pagination";
import { Card } from "@/components/ui/card";
import { DriverSummary } from "@/components/admin/driver-summary";
import { DriverCardsSection } from "@/components/admin/driver-cards-section";
import { EmailForm } from "@/components/accounts/email-form";
import { PasswordResetForm } from "@/components/accounts/password-reset-form";
import { ExpensePackDialog } from "@/components/sessions/expense-pack-dialog";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParams } from "@/components/layout/search-params";
import { EmptyState } from "@/components/ui/empty-state";

export const generateMetadata = titleFrom("admin.driver.title");

const SESSIONS_PER_PAGE = 10;
const PAYMENTS_PER_PAGE = 15;

type Props = { params: Promise<{ id: string }>; searchParams: SearchParams };

function pageNumber(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,5}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** Everything support needs about one driver, each section loading (and failing) on its own. */
export default async function AdminDriverPage({ params, searchParams }: Props) {
  await requireStaffPage();
  const t = await getTranslations("admin");
  const translator = await requestTranslator();
  const rawId = (await params).id;
  const id = /^\d{1,10}$/.test(rawId) ? readDriverId(rawId) : null;
  if (id === null) notFound();
  const query = await searchParams;
  const sessionsPage = pageNumber(query.sessionsPage);
  const paymentsPage = pageNumber(query.paymentsPage);

  let user;
  try {
    user = await getPlatformUser(id);
  } catch (error) {
    if (error instanceof PlatformNotFoundError) notFound();
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{t("driver.headingWithId", { id: String(id) })}</h1>
        <LoadError
          title={t("driver.loadFailed")}
          message={platformErrorMessage(translator, error, "admin.doing.loadDriver")}
          retryHref={`/admin/users/${id}`}
        />
      </div>
    );
  }

  const locale = await getLocale();
  // Never rejects: a failure is a view.
  const billingView = loadBillingDetailsView(id);
  const paymentsView = settle(loadLedgerView(id, { page: paymentsPage }, undefined, PAYMENTS_PER_PAGE));
  // Under the contract no charge can be stopped from here: the section is left out, with no call.
  const runningView = chargingOffered() ? settle(listRunningSessions(id)) : null;
  const [cards, sessions, portal] = await Promise.allSettled([
    listDriverCards(id).then(async (list) => ({ list, changes: await latestCardStatusChanges(list) })),
    listDriverSessions(id, { page: sessionsPage, perPage: SESSIONS_PER_PAGE }).then(async (page) => ({
      ...page,
      places: await placesOfSessions(page.items, locale),
    })),
    portalAccountOf(id),
  ]);
  const [billing, payments, running] = await Promise.all([billingView, paymentsView, runningView]);
  if (running && !running.ok) logSessionError("listing a driver's running sessions for staff", running.error);
  const forceStop = query.forceStop === "stopped" || query.forceStop === "over" ? query.forceStop : null;
  if (!payments.ok) logPaymentError("listing a driver's payments for staff", payments.error);
  const here = `/admin/users/${id}`;
  const label = driverLabel(user, t("driver.unnamed"));

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("driver.kicker")}</p>
        <h1 className="text-2xl font-bold">{label}</h1>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("driver.accountCard")}>
          <DriverSummary user={user} portal={portal.status === "fulfilled" ? portal.value : null} />
        </Card>
        <Card title={t("driver.emailCard")}>
          <div className="space-y-6">
            <EmailForm action={changeDriverEmailAction.bind(null, id)} currentEmail={user.email} audience="staff" />
            <PasswordResetForm
              action={startDriverPasswordResetAction.bind(null, id)}
              audience="staff"
              email={user.email}
              dialect={getConfig().platform.dialect}
            />
          </div>
        </Card>
      </div>

      <VoucherForm
        action={redeemVoucherForDriverAction.bind(null, id)}
        initialBalance={toBalanceView(user, locale)}
        balanceUrl={`/api/admin/users/${id}/balance`}
        balanceHeading={t("driver.balance")}
      />

      <Card title={t("driver.profile")}>
        <ProfileForm action={updateDriverProfileAction.bind(null, id)} profile={profileValuesOf(user)} />
      </Card>

      <Card title={t("driver.billingDetails")}>
        <BillingDetailsSection
          view={billing}
          action={correctDriverBillingDetailsAction.bind(null, id)}
          audience="staff"
          retryHref={here}
        />
      </Card>

      <Card title={t("driver.cards")}>
        {cards.status === "fulfilled" ? (
          <DriverCardsSection platformUserId={id} cards={cards.value.list} statusChanges={cards.value.changes} />
        ) : (
          <LoadError
            title={t("driver.cardsFailed")}
            message={platformErrorMessage(translator, cards.reason, "admin.doing.loadCards")}
            retryHref={here}
          />
        )}
      </Card>

      <section aria-labelledby="payments-heading" className="space-y-3">
        <h2 id="payments-heading" className="text-lg font-semibold">
          {t("driver.payments")}
        </h2>
        <DriverPaymentsSection
          platformUserId={id}
          view={payments}
          locale={locale}
          translator={translator}
          hrefFor={(page) => `${here}?paymentsPage=${page}#payments-heading`}
        />
      </section>

      {running && (
        <RunningSessionsSection platformUserId={id} running={running.ok ? running.value : null} stopped={forceStop} />
      )}

      <section aria-labelledby="sessions-heading" className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {t("driver.sessions")}
          </h2>
          {/* Audited on download: staff see the driver's expense pack exactly as the driver would. */}
          <ExpensePackDialog endpoint={`/api/admin/users/${id}/expense-pack`} forWhom={label} />
        </div>
        {sessions.status === "rejected" ? (
          <LoadError
            title={t("driver.sessionsFailed")}
            message={platformErrorMessage(translator, sessions.reason, "admin.doing.loadSessions")}
            retryHref={here}
          />
        ) : sessions.value.items.length === 0 ? (
          <EmptyState>{sessionsPage > 1 ? t("driver.noSessionsOnPage") : t("driver.neverCharged")}</EmptyState>
        ) : (
          <>
            <SessionTable
              sessions={sessions.value.items}
              currency={user.currency}
              caption={t("driver.sessionsCaption")}
              places={sessions.value.places}
            />
            <SessionPagination
              page={sessions.value.page}
              lastPage={sessions.value.lastPage}
              hasNext={sessions.value.hasNext}
              total={sessions.value.total}
              hrefFor={(page) => `${here}?sessionsPage=${page}#sessions-heading`}
            />
          </>
        )}
      </section>
    </div>
  );
}
