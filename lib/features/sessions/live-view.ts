import { isRunning, takeSessionChange, type LiveSessionChange } from "@/lib/features/live/shared";
import type { ChargingSession, SessionStatus } from "@/lib/platform/types";

/**
 * The portal's own JSON for a running session, as `GET /api/sessions/live` returns it and the live
 * panel reads it. Only what the panel shows: raw platform JSON never reaches a browser. Pure.
 */

export interface LiveSessionView {
  id: string;
  status: SessionStatus;
  /** UTC ISO instant of the start, for the running duration. */
  startedAt: string | null;
  /** Charge point's local start time, as shown in the table. */
  startedAtLocal: string | null;
  energyWh: number;
  amount: number;
  /** The session's own currency where the platform gives one; the panel falls back to the account's. */
  currency: string | null;
  locationId: number | null;
}

export interface LiveSessionsResponse {
  sessions: LiveSessionView[];
  /** Server time of the read, so the running duration needs no client clock (no hydration drift). */
  checkedAt: string;
}

export function toLiveSessionView(session: ChargingSession): LiveSessionView {
  const start = session.startedAt ?? session.startedAtLocal;
  const startMs = start ? Date.parse(start) : NaN;
  return {
    id: session.id,
    status: session.status,
    startedAt: Number.isFinite(startMs) ? new Date(startMs).toISOString() : null,
    startedAtLocal: session.startedAtLocal,
    energyWh: session.energyWh,
    amount: session.amount,
    currency: session.currency ?? null,
    locationId: session.locationId,
  };
}

/** The running sessions after one streamed change: updated or added while running, removed once ended; older changes dropped, figures never lowered. */
export function applySessionChange(
  current: LiveSessionsResponse,
  change: LiveSessionChange,
  seen: Map<string, number>,
): LiveSessionsResponse {
  if (!takeSessionChange(seen, change)) return current;
  const existing = current.sessions.find((s) => s.id === change.id);
  const checkedAt =
    change.updatedAt && Number.isFinite(Date.parse(change.updatedAt)) ? change.updatedAt : current.checkedAt;
  if (!isRunning(change.status)) {
    return existing ? { sessions: current.sessions.filter((s) => s.id !== change.id), checkedAt } : current;
  }
  const startMs = change.startedAt ? Date.parse(change.startedAt) : Number.NaN;
  const updated: LiveSessionView = {
    id: change.id,
    status: change.status,
    startedAt: Number.isFinite(startMs) ? new Date(startMs).toISOString() : (existing?.startedAt ?? null),
    startedAtLocal: existing?.startedAtLocal ?? null,
    // A running session's meter and cost only grow: a change computed before the shown read cannot lower them.
    energyWh: Math.max(change.energyWh, existing?.energyWh ?? 0),
    amount: Math.max(change.amount, existing?.amount ?? 0),
    currency: change.currency ?? existing?.currency ?? null,
    locationId: existing?.locationId ?? null,
  };
  const sessions = existing
    ? current.sessions.map((s) => (s.id === change.id ? updated : s))
    : [...current.sessions, updated];
  return { sessions, checkedAt };
}
