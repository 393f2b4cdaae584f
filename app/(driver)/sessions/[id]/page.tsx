import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveSessions } from "@/components/sessions/live-sessions";
import { SessionDetails, SessionLocation } from "@/components/sessions/session-details";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/auth/guards";
import { getPlatform } from "@/lib/platform";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { logSessionError } from "@/lib/sessions/deps";
import { sessionStartLabel } from "@/lib/sessions/display";
import { toLiveSessionView } from "@/lib/sessions/live-view";
import { preferredLocale } from "@/lib/i18n/accept-language";
import { isPlatformId } from "@/lib/sessions/ownership";
import { getOwnedSession, getSessionLocation } from "@/lib/sessions/service";
import { settle } from "@/lib/sessions/settle";

export const metadata: Metadata = { title: "Charging session" };

const backLink = "text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100";

export default async function SessionDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requireDriverPage();
  const { id } = await params;
  const sessionId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!isPlatformId(sessionId)) notFound();

  // Ownership is proven inside getOwnedSession before the unscoped read; the driver's own account
  // (for the currency) is independent and read alongside.
  const [owned, user, requestHeaders] = await Promise.all([
    settle(getOwnedSession(viewer.platformUserId, sessionId)),
    settle(getPlatform().users.getUser(viewer.platformUserId)),
    headers(),
  ]);
  if (!owned.ok) {
    logSessionError("reading a session", owned.error);
    return (
      <div className="space-y-4">
        <Link href="/sessions" className={backLink}>
          ← All sessions
        </Link>
        <h1 className="text-2xl font-bold">Charging session</h1>
        <Alert tone="error" title="This session could not be loaded">
          {platformErrorMessage(owned.error, "load this session")} Reload the page to try again.
        </Alert>
      </div>
    );
  }
  const session = owned.value;
  if (!session) notFound();
  if (!user.ok) logSessionError("reading the account currency", user.error);
  const currency = user.ok ? user.value.currency : null;
  const location = await getSessionLocation(session, preferredLocale(requestHeaders.get("accept-language")));

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href="/sessions" className={backLink}>
          ← All sessions
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold">Charging session of {sessionStartLabel(session)}</h1>
          <a href={`/api/sessions/${session.id}/export`} download className={buttonClasses("secondary")}>
            Download CSV<span className="sr-only"> of this session</span>
          </a>
        </div>
      </div>
      {!user.ok && (
        <Alert tone="info">
          The amount is shown without a currency because your account could not be read just now. Reload the page to try
          again.
        </Alert>
      )}
      <LiveSessions
        initial={{
          sessions: session.isRunning ? [toLiveSessionView(session)] : [],
          checkedAt: new Date().toISOString(),
        }}
        currency={currency}
        sessionId={session.id}
      />
      <Card title="Session">
        <SessionDetails session={session} currency={currency} />
      </Card>
      <Card title="Location">
        <SessionLocation state={location} />
      </Card>
    </div>
  );
}
