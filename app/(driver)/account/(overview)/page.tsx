import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import {
  BalanceGlance,
  CardsGlance,
  GlancePending,
  MonthGlance,
  NoticeList,
  OverviewNotices,
  RecentSessions,
} from "@/components/accounts/account-overview";
import { AccountSettingsList } from "@/components/accounts/account-settings";
import { titleFrom } from "@/components/layout/page-title";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { loadAccountView } from "@/lib/features/accounts/account-view";
import { pendingEmailChangeOf } from "@/lib/features/accounts/email-change";
import { listDriverCards } from "@/lib/features/cards";
import { getSessionsAtAGlance } from "@/lib/features/sessions";
import { settle } from "@/lib/features/sessions/settle";

export const generateMetadata = titleFrom("profile.page.title");

/**
 * The account at a glance: what needs the driver, balance, cards, this month and the last sessions, then the settings.
 * The three platform reads start together and each streams into its own cards; a pending deletion is the layout's banner.
 */
export default async function AccountOverviewPage() {
  const viewer = await requireDriverPage();
  const account = loadAccountView(viewer.platformUserId);
  const cards = settle(listDriverCards(viewer.platformUserId));
  const glance = settle(getSessionsAtAGlance(viewer.platformUserId));
  const currency = account.then((view) => (view.status === "ok" ? view.balance.currency : null));
  const [emailChange, t] = await Promise.all([pendingEmailChangeOf(viewer.userId), getTranslations()]);
  return (
    <div className="space-y-6">
      <Suspense fallback={<h1 className="text-2xl font-bold">{t("profile.page.title")}</h1>}>
        <Greeting account={account} />
      </Suspense>
      <Suspense fallback={<NoticeList emailChange={emailChange} blocked={[]} />}>
        <OverviewNotices emailChange={emailChange} cards={cards} />
      </Suspense>
      <div className="grid items-start gap-4 md:grid-cols-3">
        <Suspense fallback={<GlancePending />}>
          <BalanceGlance account={account} />
        </Suspense>
        <Suspense fallback={<GlancePending />}>
          <CardsGlance cards={cards} />
        </Suspense>
        <Suspense fallback={<GlancePending />}>
          <MonthGlance glance={glance} currency={currency} />
        </Suspense>
      </div>
      <Suspense fallback={<GlancePending className="h-56" />}>
        <RecentSessions glance={glance} currency={currency} />
      </Suspense>
      <Card title={t("accountOverview.settings")}>
        <AccountSettingsList />
      </Card>
    </div>
  );
}

/** "Hello, Ada" once the platform has told the first name; "Account" until then, or without one. */
async function Greeting({ account }: { account: Promise<Awaited<ReturnType<typeof loadAccountView>>> }) {
  const [view, t] = await Promise.all([account, getTranslations("profile.page")]);
  const name = view.status === "ok" ? view.firstName : null;
  return <h1 className="text-2xl font-bold">{name ? t("hello", { name }) : t("title")}</h1>;
}
