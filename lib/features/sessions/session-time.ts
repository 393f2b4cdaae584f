import type { ChargingSession } from "@/lib/platform/types";

/** Session instants: list items carry local times only, details UTC too; UTC is preferred. Pure. */

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
