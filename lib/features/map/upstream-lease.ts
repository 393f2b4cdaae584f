import "server-only";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { upstreamLeases } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";

const log = logger("db");

/**
 * Single flight across instances without holding a connection during the upstream call.
 * How waiters and a crashed holder behave: docs/design-notes.md#libfeaturesmapupstream-leasets.
 */

/** Takes the lease if nobody holds it (or the holder's ran out); true when this caller has it. */
export async function takeUpstreamLease(db: Database, name: string, ttlMs: number, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const taken = await db
    .insert(upstreamLeases)
    .values({ name, expiresAt })
    .onConflictDoUpdate({
      target: upstreamLeases.name,
      set: { expiresAt },
      setWhere: lt(upstreamLeases.expiresAt, now),
    })
    .returning({ name: upstreamLeases.name });
  return taken.length === 1;
}

/** Whether someone holds the lease now. */
export async function upstreamLeaseHeld(db: Database, name: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ name: upstreamLeases.name })
    .from(upstreamLeases)
    .where(and(eq(upstreamLeases.name, name), gt(upstreamLeases.expiresAt, now)));
  return row !== undefined;
}

export async function releaseUpstreamLease(db: Database, name: string): Promise<void> {
  await db.delete(upstreamLeases).where(eq(upstreamLeases.name, name));
}

export interface OnceAcrossInstances<T> {
  getDb: () => Promise<Database>;
  /** What is fetched: "map-tile:<key>", "map-reference". */
  name: string;
  /** Longer than one upstream call may take: a lease its holder never released lapses after this. */
  ttlMs: number;
  now: () => Date;
  /** How the wait between looks passes; a timer unless a test makes it instant. */
  sleep?: (ms: number) => Promise<void>;
  /** The result another instance stored, or null while there is none. */
  ready: () => Promise<T | null>;
  /** Fetches upstream and stores the result; runs on one instance at a time. */
  fetch: () => Promise<T>;
}

const POLL_MS = 100;
const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The result from whichever instance fetches first; fetches itself if the holder let go without one, or no db. */
export async function onceAcrossInstances<T>(work: OnceAcrossInstances<T>): Promise<T> {
  let db: Database | null = null;
  try {
    db = await work.getDb();
    if (!(await takeUpstreamLease(db, work.name, work.ttlMs, work.now()))) {
      for (let waited = 0; waited < work.ttlMs; waited += POLL_MS) {
        await (work.sleep ?? waitFor)(POLL_MS);
        const theirs = await work.ready();
        if (theirs !== null) return theirs;
        if (!(await upstreamLeaseHeld(db, work.name, work.now()))) break;
      }
      await takeUpstreamLease(db, work.name, work.ttlMs, work.now());
    }
  } catch (error) {
    log.error(`the upstream lease ${work.name} could not be used; fetching without it`, error);
  }
  try {
    return (await work.ready()) ?? (await work.fetch());
  } finally {
    if (db)
      await releaseUpstreamLease(db, work.name).catch((error: unknown) =>
        log.error(`releasing the upstream lease ${work.name} failed`, error),
      );
  }
}
