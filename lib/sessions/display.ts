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
  return formatDuration(durationBetween(session.startedAt ?? session.startedAtLocal, session.stoppedAt ?? session.stoppedAtLocal));
}
