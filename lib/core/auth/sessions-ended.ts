import "server-only";
import { sql } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import type { Database } from "@/lib/core/db/client";
import { logger } from "@/lib/core/log";

/**
 * "Sessions of this account ended": told to this instance's listeners and, on Postgres, by NOTIFY to every instance's
 * live bus, whose streams check their session at once (issue 33, R4-7). Call it after the deleting transaction commits.
 */
export const SESSIONS_ENDED_CHANNEL = "sessions_ended";

type Listener = (userId: string) => void;
const holder = globalThis as unknown as { __driverPortalSessionsEnded?: Set<Listener> };
const listeners = (holder.__driverPortalSessionsEnded ??= new Set());

/** Calls `listener` with the account id whenever sessions end here or (through the bus) elsewhere; returns the unsubscribe. */
export function onSessionsEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells this instance's listeners (the bus calls it for a NOTIFY from another instance). */
export function sessionsEndedHere(userId: string): void {
  for (const listener of [...listeners]) {
    try {
      listener(userId);
    } catch (error) {
      logger("auth").warn("a sessions-ended listener failed", error);
    }
  }
}

export async function announceSessionsEnded(db: Database, userId: string): Promise<void> {
  sessionsEndedHere(userId);
  if (!getConfig().db.url) return;
  try {
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${userId})`);
  } catch (error) {
    // The other instances' streams still end at their next heartbeat.
    logger("auth").warn("announcing ended sessions failed", error);
  }
}
