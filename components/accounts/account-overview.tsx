import { getLocale, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { Card, Skeleton } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TextLink } from "@/components/ui/text-link";
import { LiveSessionsSection } from "@/components/sessions/sessions-overview";
import { SessionTable } from "@/components/sessions/session-table";
import { formatDateTime, formatKwh, formatMoney } from "@/lib/core/format";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import type { AccountView } from "@/lib/features/accounts";
import { cardLabel } from "@/lib/features/cards/shared";
import { placesOfSessions, type SessionsAtAGlance } from "@/lib/features/sessions";
import type { Settled } from "@/lib/features/sessions/shared";
import type { Card as ChargingCard } from "@/lib/platform/types";
import { Balance } from "./balance";

/**
 * The parts of /account, each awaiting its own read inside its own Suspense boundary, so a slow or failed read costs
 * only its card.
 */

type Words = Parameters<typeof platformErrorMessage>[0];
type DoingKey = Parameters<typeof platformErrorMessage>[2];

function failure(translator: Words, error: unknown, title: string, doing: DoingKey) {
  return (
    <Alert tone="error" title={title}>
      {platformErrorMessage(translator, error, doing)}
    </Alert>
  );
}

type PendingEmailChange = { newEmail: string; expiresAt: Date } | null;

/** What needs the driver now: an e-mail change waiting for its link, a blocked card. Nothing when nothing does. */
export async function OverviewNotices({
  emailChange,
  cards,
}: {
  emailChange: PendingEmailChange;
  cards: Promise<Settled<ChargingCard[]>>;
}) {
  const settled = await cards;
  const blocked = settled.ok ? settled.value.filter((card) => card.status === "blocked") : [];
  return <NoticeList emailChange={emailChange} blocked={blocked} />;
}

/** The notices known so far: the database's at once (the Suspense fallback), the blocked cards once they are read. */
export async function NoticeList({
  emailChange,
  blocked,
}: {
  emailChange: PendingEmailChange;
  blocked: ChargingCard[];
}) {
  if (!emailChange && blocked.length === 0) return null;
  const [t, locale] = await Promise.all([getTranslations("accountOverview"), getLocale()]);
  return (
    <section aria-labelledby="overview-notices" className="space-y-3">
      <h2 id="overview-notices" className="text-lg font-semibold">
        {t("attention")}
      </h2>
      {emailChange && (
        <Alert tone="info">
          {t("emailChange", { email: emailChange.newEmail, until: formatDateTime(emailChange.expiresAt, locale) })}{" "}
          <TextLink href="/account/profile">{t("emailChangeLink")}</TextLink>
        </Alert>
      )}
      {blocked.length > 0 && (
        <Alert tone="warning">
          {t("blockedCards", { count: blocked.length, cards: blocked.map(cardLabel).join(", ") })}{" "}
          <TextLink href="/cards">{t("blockedCardsLink")}</TextLink>
        </Alert>
      )}
    </section>
  );
}

export async function BalanceGlance({ account }: { account: Promise<AccountView> }) {
  const [view, t, translator] = await Promise.all([account, getTranslations("profile.page"), getTranslations()]);
  return (
    <Card title={t("balance")}>
      {view.status === "ok" ? (
        <Balance view={view.balance} />
      ) : (
        failure(translator, view.error, translator("account.balance.loadFailed"), "profile.doing.loadBalance")
      )}
      <p className="mt-3 text-sm">
        <TextLink href="/vouchers">{t("redeemVoucher")}</TextLink>
      </p>
    </Card>
  );
}

export async function CardsGlance({ cards }: { cards: Promise<Settled<ChargingCard[]>> }) {
  const [settled, t, translator] = await Promise.all([
    cards,
    getTranslations("accountOverview.cards"),
    getTranslations(),
  ]);
  const paused = settled.ok ? settled.value.filter((card) => card.status === "inactive") : [];
  const active = settled.ok ? settled.value.filter((card) => card.status === "active").length : 0;
  return (
    <Card title={t("title")}>
      {!settled.ok ? (
        failure(translator, settled.error, t("loadFailed"), "cards.doing.load")
      ) : settled.value.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("none")}</p>
      ) : (
        <div className="space-y-1">
          <p className="text-3xl font-bold tabular-nums">{t("count", { count: settled.value.length })}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("active", { count: active })}</p>
          {paused.length > 0 && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("paused", { cards: paused.map(cardLabel).join(", ") })}
            </p>
          )}
        </div>
      )}
      <p className="mt-3 text-sm">
        <TextLink href="/cards">{t("manage")}</TextLink>
      </p>
    </Card>
  );
}

type SessionsGlanceProps = { glance: Promise<Settled<SessionsAtAGlance>>; currency: Promise<string | null> };

/** A card fed by the sessions' read: its title, then its body, or what went wrong when the read failed. */
async function SessionsGlanceCard({
  glance,
  currency,
  part,
  doing,
  body,
}: SessionsGlanceProps & {
  part: "month" | "recent";
  doing: DoingKey;
  body: (value: SessionsAtAGlance, currency: string | null, locale: string) => Promise<React.ReactNode>;
}) {
  const [settled, accountCurrency, t, translator, locale] = await Promise.all([
    glance,
    currency,
    getTranslations("accountOverview"),
    getTranslations(),
    getLocale(),
  ]);
  return (
    <Card title={t(`${part}.title`)}>
      {settled.ok
        ? await body(settled.value, accountCurrency, locale)
        : failure(translator, settled.error, t(`${part}.loadFailed`), doing)}
    </Card>
  );
}

export function MonthGlance(props: SessionsGlanceProps) {
  return <SessionsGlanceCard {...props} part="month" doing="sessions.doing.addUpMonths" body={monthFigures} />;
}

async function monthFigures({ thisMonth: month }: SessionsAtAGlance, currency: string | null, locale: string) {
  const t = await getTranslations("accountOverview.month");
  if (month.sessionCount === 0 && month.runningCount === 0) {
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t("none")}</p>;
  }
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">{t("spent")}</dt>
          <dd className="text-xl font-bold whitespace-nowrap tabular-nums sm:text-2xl">
            {formatMoney(month.amount, currency, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">{t("energy")}</dt>
          <dd className="text-xl font-bold whitespace-nowrap tabular-nums sm:text-2xl">
            {formatKwh(month.energyWh, locale)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        {t("sessions", { count: month.sessionCount })}
        {month.runningCount > 0 && <> {t("running", { count: month.runningCount })}</>}
      </p>
    </>
  );
}

/** The newest sessions, named by their place, and the running one's live panel above them. */
export function RecentSessions(props: SessionsGlanceProps) {
  return <SessionsGlanceCard {...props} part="recent" doing="sessions.doing.loadSessions" body={recentSessions} />;
}

async function recentSessions(
  { recent, running, thisMonth }: SessionsAtAGlance,
  currency: string | null,
  locale: string,
) {
  const t = await getTranslations("accountOverview.recent");
  const places = await placesOfSessions(recent, locale);
  const live = Promise.resolve({ ok: true as const, value: { monthly: [thisMonth], running } });
  return (
    <div className="space-y-4">
      {/* Rendered with nothing running too: its live region must exist before it says a session has finished. */}
      <LiveSessionsSection overview={live} currency={currency} />
      {recent.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <SessionTable
          sessions={recent}
          currency={currency}
          caption={t("caption")}
          places={places}
          rowHref={(session) => `/sessions/${encodeURIComponent(session.id)}`}
        />
      )}
      <p className="text-sm">
        <TextLink href="/sessions">{t("all")}</TextLink>
      </p>
    </div>
  );
}

/** A card's shape while its read is in flight. */
export function GlancePending({ className = "h-36" }: { className?: string }) {
  return <Skeleton className={className} />;
}
