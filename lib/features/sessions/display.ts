import {
  durationBetween,
  formatDateTime,
  formatDuration,
  formatLocalTime,
  type DurationWords,
} from "@/lib/core/format";
import type { ChargingSession } from "@/lib/platform/types";

/** Session times: the charge point's local time when given, else the UTC instant in the service's time zone. Pure. */

function timeLabel(local: string | null, utc: string | null, locale: string): string {
  if (local) return formatLocalTime(local, locale);
  if (utc) return formatDateTime(utc, locale);
  return "—";
}

export function sessionStartLabel(
  session: Pick<ChargingSession, "startedAt" | "startedAtLocal">,
  locale: string,
): string {
  return timeLabel(session.startedAtLocal, session.startedAt, locale);
}

export function sessionStopLabel(
  session: Pick<ChargingSession, "stoppedAt" | "stoppedAtLocal">,
  locale: string,
): string {
  return timeLabel(session.stoppedAtLocal, session.stoppedAt, locale);
}

/** The words of the "duration" namespace a session's duration needs, from its edge (a component's or a document's). */
export type SessionDurationWords = (
  key: Parameters<DurationWords>[0] | "stillCharging",
  values?: Record<string, string | number>,
) => string;

export function sessionDurationLabel(session: ChargingSession, words: SessionDurationWords): string {
  if (session.isRunning) return words("stillCharging");
  return formatDuration(
    durationBetween(session.startedAt ?? session.startedAtLocal, session.stoppedAt ?? session.stoppedAtLocal),
    words,
  );
}

/** The currency a session's amount is in: its own where the platform says, else the account's. */
export function sessionCurrency(
  session: Pick<ChargingSession, "currency">,
  accountCurrency: string | null,
): string | null {
  return session.currency ?? accountCurrency;
}

/** Why a failed session failed, where the platform says more (ampeco's "expired"); a code the page words. */
export function sessionStatusDetail(session: Pick<ChargingSession, "status" | "platformStatus">): "expired" | null {
  return session.status === "failed" && session.platformStatus === "expired" ? "expired" : null;
}
