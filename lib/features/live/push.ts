import "server-only";
import { getDb } from "@/lib/core/db/client";
import { lastCallbackAt } from "./receive-callback";
import { liveEventsEnabled } from "./stream";

/** Callbacks within this long count as arriving (a running session is reported every few seconds). */
export const CALLBACKS_RECENT_MS = 15 * 60_000;

/** Whether the platform's callbacks arrived within CALLBACKS_RECENT_MS (null: callbacks are off). */
export async function callbacksArriving(now = Date.now()): Promise<{ recent: boolean; lastAt: Date | null } | null> {
  if (!liveEventsEnabled()) return null;
  const lastAt = await lastCallbackAt(await getDb());
  return { recent: lastAt !== null && now - lastAt.getTime() <= CALLBACKS_RECENT_MS, lastAt };
}

/** Whether live panels use the stream: only while callbacks are seen to arrive, so a broken subscription falls back to polling. */
export async function livePushActive(): Promise<boolean> {
  try {
    return (await callbacksArriving())?.recent ?? false;
  } catch {
    return false;
  }
}
