"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { formatDuration, formatKwh, formatLocalTime, formatMoney, type DurationWords } from "@/lib/core/format";
import type { LiveSessionView, LiveSessionsResponse } from "@/lib/features/sessions/shared";
import { LiveBadge, SessionStatusBadge } from "./session-status-badge";
import { useLiveSessions } from "./use-live-sessions";

export interface LiveSessionsProps {
  /** The server's read of the running sessions, shown at once and then refreshed by polling. */
  initial: LiveSessionsResponse;
  currency: string | null;
  /** Only this session (the detail page); all running sessions when left out. */
  sessionId?: string;
  /** The platform pushes events (ampeco): take changes from the tab's event stream instead of polling. */
  push?: boolean;
}

function runningFor(session: LiveSessionView, checkedAt: string, t: DurationWords): string {
  if (!session.startedAt) return "—";
  return formatDuration(Date.parse(checkedAt) - Date.parse(session.startedAt), t);
}

/**
 * The driver's running session(s) with figures that refresh by themselves. When one stops, an
 * aria-live region says so and the server-rendered page is refreshed to show the final figures.
 */
export function LiveSessions({ initial, currency, sessionId, push = false }: LiveSessionsProps) {
  const router = useRouter();
  const t = useTranslations("sessions.live");
  const tDuration = useTranslations("duration");
  const locale = useLocale();
  const { data, error } = useLiveSessions(initial, push);
  const current = data ?? initial;
  const visible = current.sessions.filter((s) => sessionId === undefined || s.id === sessionId);
  const visibleIds = visible.map((s) => s.id).join(",");
  const previous = useRef<LiveSessionView[]>(visible);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const stillRunning = new Set(visibleIds.split(",").filter(Boolean));
    const stopped = previous.current.filter((s) => !stillRunning.has(s.id));
    previous.current = current.sessions.filter((s) => stillRunning.has(s.id));
    if (stopped.length === 0) return;
    setAnnouncement(
      [
        ...stopped.map((s) => t("finished", { time: formatLocalTime(s.startedAtLocal, locale) })),
        t("finalFigures"),
      ].join(" "),
    );
    router.refresh();
  }, [visibleIds, current.sessions, router, t, locale]);

  return (
    <div className="space-y-3">
      <div role="status" aria-live="polite">
        {announcement && (
          <Alert tone="success" title={t("finishedTitle")}>
            {announcement}
          </Alert>
        )}
      </div>
      {visible.map((session) => (
        <section
          key={session.id}
          aria-labelledby={`live-session-${session.id}`}
          data-session-id={session.id}
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
        >
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <h2 id={`live-session-${session.id}`} className="text-lg font-semibold">
              {t("chargingNow")}
            </h2>
            <LiveBadge />
            <SessionStatusBadge status={session.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-700 dark:text-slate-300">{t("started")}</dt>
              <dd className="font-medium">{formatLocalTime(session.startedAtLocal, locale)}</dd>
            </div>
            <div>
              <dt className="text-slate-700 dark:text-slate-300">{t("chargingFor")}</dt>
              <dd className="font-medium tabular-nums">{runningFor(session, current.checkedAt, tDuration)}</dd>
            </div>
            <div>
              <dt className="text-slate-700 dark:text-slate-300">{t("energySoFar")}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="live-energy">
                {formatKwh(session.energyWh, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-700 dark:text-slate-300">{t("costSoFar")}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="live-amount">
                {formatMoney(session.amount, session.currency ?? currency, locale)}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">{t("updates")}</p>
          {error && <p className="mt-1 text-sm text-red-800 dark:text-red-200">{error.message}</p>}
          {sessionId === undefined && (
            <Link
              href={`/sessions/${session.id}`}
              className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
            >
              {t("details")}
            </Link>
          )}
        </section>
      ))}
    </div>
  );
}
