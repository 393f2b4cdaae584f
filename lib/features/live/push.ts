import "server-only";
import { desc } from "drizzle-orm";
import { getDb, type Database } from "@/lib/core/db/client";
import { platformCallbacks } from "@/lib/core/db/schema";
import { callbacksConfigured } from "./webhook-keys";

/** Callbacks within this long count as arriving (a running session is reported every few seconds). */
export const CALLBACKS_RECENT_MS = 15 * 60_000;

/** Whether the platform's callbacks arrived within CALLBACKS_RECENT_MS (null: callbacks are off). */
export async function callbacksArriving(now = Date.now()): Promise<{ recent: boolean; lastAt: Date | null } | null> {
  if (!callbacksConfigured()) return null;
  const lastAt = await lastCallbackAt(await getDb());
  return { recent: lastAt !== null && now - lastAt.getTime() <= CALLBACKS_RECENT_MS, lastAt };
}

/** A "yes" holds this long in the process, so a page render asks the database at most this often; a "no" is asked again. */
const PUSH_ACTIVE_HOLD_MS = 10_000;
let pushActiveUntil = 0;

/** Whether live panels use the stream: only while callbacks are seen to arrive, so a broken subscription falls back to polling. */
export async function livePushActive(now = Date.now()): Promise<boolean> {
  if (now < pushActiveUntil) return true;
  try {
    const recent = (await callbacksArriving(now))?.recent ?? false;
    if (recent) pushActiveUntil = now + PUSH_ACTIVE_HOLD_MS;
    return recent;
  } catch {
    return false;
  }
}

/** When the last callback was taken (for /api/health), or null when none ever came. */
async function lastCallbackAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: platformCallbacks.receivedAt })
    .from(platformCallbacks)
    .orderBy(desc(platformCallbacks.receivedAt))
    .limit(1);
  return row?.at ?? null;
}
