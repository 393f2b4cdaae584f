import { getLocale, getTranslations } from "next-intl/server";
import { ForceStopForm } from "@/components/admin/force-stop-form";
import { Alert } from "@/components/ui/alert";
import { formatKwh } from "@/lib/core/format";
import { forceStopSessionAction } from "@/lib/features/admin/actions/force-stop-session";
import { sessionStartLabel } from "@/lib/features/sessions";
import type { ChargingSession } from "@/lib/platform/types";

/** A driver's running charges on the support page, each with a forced stop for one that is stuck. */
export async function RunningSessionsSection({
  platformUserId,
  running,
  stopped,
}: {
  platformUserId: number;
  /** Null: they could not be read. */
  running: ChargingSession[] | null;
  /** How the last forced stop went (the page's `forceStop`), or null. */
  stopped: "stopped" | "over" | null;
}) {
  const [t, tStop, locale] = await Promise.all([
    getTranslations("admin.forceStop"),
    getTranslations("charging.stop"),
    getLocale(),
  ]);
  const action = forceStopSessionAction.bind(null, platformUserId);
  return (
    <section aria-labelledby="running-heading" className="space-y-3">
      <h2 id="running-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {stopped && <Alert tone="success">{stopped === "stopped" ? t("done") : tStop("over")}</Alert>}
      {running === null ? (
        <Alert tone="error">{t("failed")}</Alert>
      ) : running.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="space-y-3">
          {running.map((session) => {
            const start = sessionStartLabel(session, locale);
            return (
              <li key={session.id} className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <p>{t("session", { start, energy: formatKwh(session.energyWh, locale) })}</p>
                <ForceStopForm
                  action={action}
                  sessionId={session.id}
                  words={{
                    trigger: t("trigger"),
                    triggerLabel: t("triggerLabel", { start }),
                    question: t("question"),
                    confirm: t("confirm"),
                    pending: t("pending"),
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
