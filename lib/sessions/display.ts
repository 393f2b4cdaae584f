import { durationBetween, formatDateTime, formatDuration, formatLocalTime } from "@/lib/format";
import type { ChargingSession } from "@/lib/platform/types";

/**
 * Times of a session as the driver reads them: the charge point's local wall-clock time when the
 * platform gives it, else the UTC instant shown in the service's time zone. Pure.
 */

function timeLabel(local: string | null, utc: string | null): string {
  if (local) return formatLocalTime(local);
  if (utc) return formatDateTime(utc);
  return "—";
}

export function sessionStartLabel(session: Pick<ChargingSession, "startedAt" | "startedAtLocal">): string {
  return timeLabel(session.startedAtLocal, session.startedAt);
}

export function sessionStopLabel(session: Pick<ChargingSession, "stoppedAt" | "stoppedAtLocal">): string {
  return timeLabel(session.stoppedAtLocal, session.stoppedAt);
}

export function sessionDurationLabel(session: ChargingSession): string {
  if (session.isRunning) return "Still charging";
  return formatDuration(
    durationBetween(session.startedAt ?? session.startedAtLocal, session.stoppedAt ?? session.stoppedAtLocal),
  );
}

/** The currency a session's amount is in: its own where the platform says, else the account's. */
export function sessionCurrency(
  session: Pick<ChargingSession, "currency">,
  accountCurrency: string | null,
): string | null {
  return session.currency ?? accountCurrency;
}

/**
 * Why a failed session failed, where the platform's own word says more than "failed" (ampeco's
 * "expired": the session ran out before charging); null otherwise.
 */
export function sessionStatusDetail(session: Pick<ChargingSession, "status" | "platformStatus">): string | null {
  return session.status === "failed" && session.platformStatus === "expired" ? "expired" : null;
}

/** Where local times could not use the location's own time zone: which zone they are in instead. */
export function assumedTimeZoneNote(session: Pick<ChargingSession, "assumedTimeZone">): string | null {
  return session.assumedTimeZone
    ? `Local times are in ${session.assumedTimeZone}: the charging service did not tell this location's time zone.`
    : null;
}
