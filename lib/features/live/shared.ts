/** The live feature's browser-safe half: what a driver's tabs are told (`GET /api/live`), in the portal's shape. */
import type { SessionChange } from "@/lib/platform/notification-types";

/** A session's change as the tabs get it: the platform event's, without the charge point. */
export type LiveSessionChange = Omit<SessionChange, "chargePointId">;

export type DriverEvent =
  | { type: "session"; session: LiveSessionChange }
  // `formatted`: the amount in the tab's language, added by its stream (lib/features/live/stream.ts).
  | { type: "balance"; balance: number; currency: string; updatedAt: string; formatted?: string }
  | { type: "card"; cardId: number; status: "active" | "blocked" | "inactive" | "gone" };

export const isRunning = (status: LiveSessionChange["status"]) => status === "started" || status === "charging";

/** Keeps the newest change per session whatever the order; `seen` maps id → last change time (Infinity once finished). False: drop it. */
export function takeSessionChange(seen: Map<string, number>, change: LiveSessionChange): boolean {
  const at = change.updatedAt ? Date.parse(change.updatedAt) : Number.NaN;
  const before = seen.get(change.id);
  if (before === Number.POSITIVE_INFINITY) return false;
  if (before !== undefined && Number.isFinite(at) && at < before) return false;
  seen.set(change.id, isRunning(change.status) ? (Number.isFinite(at) ? at : (before ?? 0)) : Number.POSITIVE_INFINITY);
  return true;
}
