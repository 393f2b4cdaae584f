import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LiveSessions } from "@/components/sessions/live-sessions-lazy";
import { livePushActive } from "@/lib/features/live";
import { SessionDetails, SessionLocation } from "@/components/sessions/session-details";
import { StopForm } from "@/components/charging/stop-form";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { logSessionError } from "@/lib/features/sessions/deps";
import { sessionStartLabel } from "@/lib/features/sessions/display";
import { toLiveSessionView } from "@/lib/features/sessions/live-view";
import { getOwnedSession, getSessionLocation } from "@/lib/features/sessions/service";
import { settle } from "@/lib/features/sessions/settle";
import { titleFrom } from "@/components/layout/page-title";
import { screenReaderOnly, WithUnbroken } from "@/components/ui/rich-text";
import { isSessionId } from "@/lib/platform/platform-id";
import { chargingOffered } from "@/lib/features/charging";
import { stopChargingAction } from "@/lib/features/charging/actions/stop-charging";

export const generateMetadata = titleFrom("sessionDetails.title");

const backLink = "text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100";

export default async function SessionDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ notice?: string | string[] }>;
}) {
  const viewer = await requireDriverPage();
  const { id: sessionId } = await params;
  const { notice } = await searchParams;
  if (!isSessionId(sessionId)) notFound();

  // Ownership is proven inside getOwnedSession before the unscoped read; the driver's own account
  // (for the currency) is independent and read alongside.
  const [owned, user, t, tCharging, tReceipt, tPlatformReceipt, translator, locale] = await Promise.all([
    settle(getOwnedSession(viewer.platformUserId, sessionId)),
    settle(getPlatformUser(viewer.platformUserId)),
    getTranslations("sessionDetails"),
    getTranslations("charging.stop"),
    getTranslations("charging.receipt"),
    getTranslations("charging.platformReceipt"),
    getTranslations(),
    getLocale(),
  ]);
  if (!owned.ok) {
    logSessionError("reading a session", owned.error);
    return (
      <div className="space-y-4">
        <Link href="/sessions" className={backLink}>
          ← {t("allSessions")}
        </Link>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Alert tone="error" title={t("loadFailed")}>
          {platformErrorMessage(translator, owned.error, "sessionDetails.doing.loadSession")} {t("reloadHint")}
        </Alert>
      </div>
    );
  }
  const session = owned.value;
  if (!session) notFound();
  if (!user.ok) logSessionError("reading the account currency", user.error);
  const currency = user.ok ? user.value.currency : null;
  const started = sessionStartLabel(session, locale);
  // Location names in the driver's language, where the platform has them in it.
  const location = await getSessionLocation(session, locale);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href="/sessions" className={backLink}>
          ← {t("allSessions")}
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold">
            <WithUnbroken text={t("heading", { start: started })} part={started} />
          </h1>
          <div className="flex flex-wrap gap-2">
            {!session.isRunning && chargingOffered() && (
              <a href={`/api/sessions/${session.id}/receipt`} download className={buttonClasses("secondary")}>
                {tReceipt("download")}
              </a>
            )}
            {session.platformReceiptId != null && (
              <a href={`/api/sessions/${session.id}/platform-receipt`} download className={buttonClasses("secondary")}>
                {tPlatformReceipt("download")}
              </a>
            )}
            <a href={`/api/sessions/${session.id}/export`} download className={buttonClasses("secondary")}>
              {t.rich("downloadCsv", { sr: screenReaderOnly })}
            </a>
          </div>
        </div>
      </div>
      {!user.ok && <Alert tone="info">{t("noCurrency")}</Alert>}
      {session.isRunning && notice === "started" && <Alert tone="success">{t("notice.started")}</Alert>}
      {session.isRunning && notice === "already-charging" && <Alert tone="info">{t("notice.alreadyCharging")}</Alert>}
      <LiveSessions
        initial={{
          sessions: session.isRunning ? [toLiveSessionView(session)] : [],
          checkedAt: new Date().toISOString(),
        }}
        currency={currency}
        sessionId={session.id}
        push={await livePushActive()}
      />
      {session.isRunning && session.chargePointId != null && chargingOffered() && (
        <StopForm
          action={stopChargingAction}
          sessionId={session.id}
          words={{ submit: tCharging("submit"), sending: tCharging("sending") }}
        />
      )}
      <Card title={t("sessionCard")}>
        <SessionDetails session={session} currency={currency} />
      </Card>
      <Card title={t("locationCard")}>
        <SessionLocation state={location} />
        {session.evseReference && (
          <p className="mt-3">
            <Link href={`/charge/${encodeURIComponent(session.evseReference)}`} className={backLink}>
              {session.isRunning ? t("thisChargePoint") : t("chargeHereAgain")}
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
