/**
 * What a driver's open tabs are told live (the server-sent events of `GET /api/live`), in the
 * portal's own shape, never the platform's JSON. Pure types and merging, for the server (the live
 * feature) and the browser (the sessions panel, the balance) alike.
 */
import type { SessionChange } from "@/lib/platform/notification-types";

/** A session's change as the tabs get it: the platform event's, without the charge point. */
export type LiveSessionChange = Omit<SessionChange, "chargePointId">;

export type DriverEvent =
  | { type: "session"; session: LiveSessionChange }
  | { type: "balance"; balance: number; currency: string; updatedAt: string }
  | { type: "card"; cardId: number; status: "active" | "blocked" | "inactive" | "gone" };

export const isRunning = (status: LiveSessionChange["status"]) => status === "started" || status === "charging";

/**
 * Keeps the newest word on each session, whatever order the changes come in: a change older than
 * the last one taken is dropped, and a session once finished stays finished. `seen` is the
 * caller's memory (session id → time of the last change taken; Infinity once finished). Returns
 * false for a change to drop.
 */
export function takeSessionChange(seen: Map<number, number>, change: LiveSessionChange): boolean {
  const at = change.updatedAt ? Date.parse(change.updatedAt) : Number.NaN;
  const before = seen.get(change.id);
  if (before === Number.POSITIVE_INFINITY) return false;
  if (before !== undefined && Number.isFinite(at) && at < before) return false;
  seen.set(change.id, isRunning(change.status) ? (Number.isFinite(at) ? at : (before ?? 0)) : Number.POSITIVE_INFINITY);
  return true;
}
