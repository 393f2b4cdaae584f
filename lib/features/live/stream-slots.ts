import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, lt, or, sql } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import type { Database } from "@/lib/core/db/client";
import { liveStreams } from "@/lib/core/db/schema";

/**
 * Caps on open event streams across instances (issue 33, R4-1): a `live_stream` row per stream, counted per account
 * and client before one opens, renewed each heartbeat; a dead instance's rows stop counting after `STALE_AFTER_MS`.
 */
export const STALE_AFTER_MS = 45_000;
/** The two classes of advisory lock: one opening at a time per account, and per client address. */
const ACCOUNT_LOCK = 33_001;
const CLIENT_LOCK = 33_002;

export interface StreamCaps {
  perAccount: number;
  perClient: number;
}

export function configuredStreamCaps(): StreamCaps {
  const { live } = getConfig();
  return { perAccount: live.streamsPerAccount, perClient: live.streamsPerClient };
}

export type StreamSlot = { ok: true; id: string } | { ok: false; over: "account" | "client" };

/** Takes a slot for a new stream of `userId` from `clientKey`, or says which cap is reached. */
export async function claimStreamSlot(
  db: Database,
  owner: { userId: string; clientKey: string },
  caps: StreamCaps,
  now = new Date(),
): Promise<StreamSlot> {
  return db.transaction(async (tx) => {
    // Always the account's lock first, then the client's: two openings never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${owner.userId}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK}, hashtext(${owner.clientKey}))`);
    const stale = new Date(now.getTime() - STALE_AFTER_MS);
    await tx
      .delete(liveStreams)
      .where(
        and(
          lt(liveStreams.renewedAt, stale),
          or(eq(liveStreams.userId, owner.userId), eq(liveStreams.clientKey, owner.clientKey)),
        ),
      );
    const [account] = await tx.select({ n: count() }).from(liveStreams).where(eq(liveStreams.userId, owner.userId));
    if ((account?.n ?? 0) >= caps.perAccount) return { ok: false, over: "account" } as const;
    const [client] = await tx
      .select({ n: count() })
      .from(liveStreams)
      .where(eq(liveStreams.clientKey, owner.clientKey));
    if ((client?.n ?? 0) >= caps.perClient) return { ok: false, over: "client" } as const;
    const id = randomUUID();
    await tx.insert(liveStreams).values({ id, ...owner, openedAt: now, renewedAt: now });
    return { ok: true, id } as const;
  });
}

export async function renewStreamSlot(db: Database, id: string, now = new Date()): Promise<void> {
  await db.update(liveStreams).set({ renewedAt: now }).where(eq(liveStreams.id, id));
}

export async function releaseStreamSlot(db: Database, id: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}
