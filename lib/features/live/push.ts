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

/**
 * Whether a page's live panels take changes from the event stream (true) or poll (false): only
 * where callbacks are on and seen to arrive. A portal whose subscription is missing or broken (never
 * subscribed, a wrong key, the URL changed) keeps polling instead of showing figures that never move.
 */
export async function livePushActive(): Promise<boolean> {
  try {
    return (await callbacksArriving())?.recent ?? false;
  } catch {
    return false;
  }
}
