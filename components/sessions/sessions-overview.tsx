import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { livePushActive } from "@/lib/features/live";
import { toLiveSessionView, type Settled } from "@/lib/features/sessions/shared";
import type { SessionsOverview } from "@/lib/features/sessions";
import { LiveSessions } from "./live-sessions-lazy";
import { MonthlyChart } from "./monthly-chart";

/**
 * The parts of /sessions fed by the 12-month walk (running sessions and monthly totals). Each awaits
 * the same promise inside its own Suspense boundary, so the table never waits for the walk.
 */

export async function LiveSessionsSection({
  overview,
  currency,
}: {
  overview: Promise<Settled<SessionsOverview>>;
  currency: string | null;
}) {
  const result = await overview;
  // Rendered even with nothing running: its live region must exist before it announces anything.
  const running = result.ok ? result.value.running : [];
  return (
    <LiveSessions
      initial={{ sessions: running.map(toLiveSessionView), checkedAt: new Date().toISOString() }}
      currency={currency}
      push={await livePushActive()}
    />
  );
}

export async function MonthlySection({
  overview,
  currency,
}: {
  overview: Promise<Settled<SessionsOverview>>;
  currency: string | null;
}) {
  const [result, t, translator] = await Promise.all([
    overview,
    getTranslations("sessions.overview"),
    getTranslations(),
  ]);
  if (!result.ok) {
    const message = platformErrorMessage(translator, result.error, "sessions.doing.addUpMonths");
    return (
      <Alert tone="error" title={t("monthlyFailed")}>
        {message} {t("monthlyFailedHint")}
      </Alert>
    );
  }
  const monthly = result.value.monthly;
  if (monthly.every((m) => m.sessionCount === 0 && m.runningCount === 0)) {
    return <p className="text-sm">{t("monthlyEmpty")}</p>;
  }
  return <MonthlyChart totals={monthly} currency={currency} />;
}
