import type { ChargingSession } from "@/lib/platform/types";

/**
 * Instants of a session. List items carry only the local times (ISO with the charge point's
 * offset), the detail read also the UTC ones: either names the same instant, so UTC is preferred
 * and the local form stands in. Pure, for server and client alike.
 */

type Timed = Pick<ChargingSession, "startedAt" | "startedAtLocal" | "stoppedAt" | "stoppedAtLocal">;

function instantOf(...candidates: (string | null)[]): number | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const ms = Date.parse(candidate);
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

export function sessionStartMs(session: Pick<Timed, "startedAt" | "startedAtLocal">): number | null {
  return instantOf(session.startedAt, session.startedAtLocal);
}

export function sessionStopMs(session: Pick<Timed, "stoppedAt" | "stoppedAtLocal">): number | null {
  return instantOf(session.stoppedAt, session.stoppedAtLocal);
}

/** Stopped: stop − start. Running: `nowMs` − start when a clock is given, else null. */
export function sessionDurationMs(session: Timed, nowMs?: number): number | null {
  const start = sessionStartMs(session);
  if (start === null) return null;
  const stop = sessionStopMs(session) ?? nowMs ?? null;
  return stop === null ? null : stop - start;
}
