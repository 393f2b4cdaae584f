import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { onceAcrossInstances } from "@/lib/features/map/upstream-lease";
import { mapReferenceData } from "@/lib/core/db/schema";
import { MapUpstreamError, type UpstreamGate } from "./errors";
import type { MapDataClient } from "./ocm-client";
import {
  buildReferenceLookup,
  EMPTY_REFERENCE_LOOKUP,
  slimReferenceData,
  StoredReferenceData,
  type ReferenceLookup,
} from "./reference";
import { logger } from "@/lib/core/log";

const log = logger("map");

/**
 * Reference data: fetched at most daily, stored in the DB; a failed refresh keeps the last good copy, and a bundled
 * snapshot stands in before any.
 */

const ROW_ID = "ocm-core";
const DAY_MS = 24 * 60 * 60 * 1000;
/** After a failed refresh, the stored copy is used this long before the next attempt. */
const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;
/** Longer than the reference download may take: a lease its holder never released lapses after this. */
const REFRESH_LEASE_MS = 60_000;

export interface ReferenceStoreOptions {
  getDb: () => Promise<Database>;
  client: Pick<MapDataClient, "getReferenceData">;
  gate: UpstreamGate;
  now?: () => Date;
  maxAgeMs?: number;
  retryAfterFailureMs?: number;
  /** Used only while no copy was ever stored; not saved, so the next refresh still goes upstream. */
  fallback?: () => Promise<StoredReferenceData | null>;
  /** How another instance's refresh is waited for (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

export interface ReferenceStore {
  getLookup(): Promise<ReferenceLookup>;
  /** The copy in use and when it was fetched (tests, health checks). */
  current(): Promise<{ data: StoredReferenceData; fetchedAt: Date } | null>;
}

interface Copy {
  data: StoredReferenceData;
  fetchedAt: Date;
  lookup: ReferenceLookup;
}

export function createReferenceStore(options: ReferenceStoreOptions): ReferenceStore {
  const now = options.now ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? DAY_MS;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? RETRY_AFTER_FAILURE_MS;
  let copy: Copy | null = null;
  let nextAttemptAt = 0;
  let inflight: Promise<ReferenceLookup> | null = null;
  let fallbackLookup: Promise<ReferenceLookup> | null = null;

  const isFresh = (c: Copy | null): c is Copy => c !== null && now().getTime() - c.fetchedAt.getTime() < maxAgeMs;

  async function readStored(): Promise<Copy | null> {
    try {
      const db = await options.getDb();
      const [row] = await db.select().from(mapReferenceData).where(eq(mapReferenceData.id, ROW_ID));
      if (!row) return null;
      const parsed = StoredReferenceData.safeParse(row.payload);
      if (!parsed.success) return null;
      return { data: parsed.data, fetchedAt: row.fetchedAt, lookup: buildReferenceLookup(parsed.data) };
    } catch (error) {
      log.error("reading stored reference data failed", error);
      return null;
    }
  }

  async function store(data: StoredReferenceData, fetchedAt: Date): Promise<void> {
    try {
      const db = await options.getDb();
      await db
        .insert(mapReferenceData)
        .values({ id: ROW_ID, payload: data, fetchedAt })
        .onConflictDoUpdate({ target: mapReferenceData.id, set: { payload: data, fetchedAt } });
    } catch (error) {
      // The fresh copy is still used from memory; the next instance simply fetches its own.
      log.error("storing reference data failed", error);
    }
  }

  function withoutFreshCopy(): Promise<ReferenceLookup> {
    if (copy) return Promise.resolve(copy.lookup);
    fallbackLookup ??= (options.fallback?.() ?? Promise.resolve(null))
      .then((data) => (data ? buildReferenceLookup(data) : EMPTY_REFERENCE_LOOKUP))
      .catch(() => EMPTY_REFERENCE_LOOKUP);
    return fallbackLookup;
  }

  /** A fresh copy another instance stored, taken into memory; null when there is none. */
  async function freshStored(): Promise<ReferenceLookup | null> {
    const stored = await readStored();
    if (stored && (!copy || stored.fetchedAt > copy.fetchedAt)) copy = stored;
    return isFresh(copy) ? copy.lookup : null;
  }

  async function refresh(): Promise<ReferenceLookup> {
    // Another instance may have refreshed it meanwhile.
    const stored = await freshStored();
    if (stored) return stored;
    if (now().getTime() < nextAttemptAt) return withoutFreshCopy();
    const blocked = options.gate.blocked();
    if (blocked) {
      nextAttemptAt = now().getTime() + blocked.retryAfterSeconds * 1000;
      return withoutFreshCopy();
    }
    // One instance fetches the day's copy; the others wait for it and read it from the database.
    return onceAcrossInstances({
      getDb: options.getDb,
      name: "map-reference",
      ttlMs: REFRESH_LEASE_MS,
      now,
      sleep: options.sleep,
      ready: freshStored,
      fetch: fetchUpstream,
    });
  }

  async function fetchUpstream(): Promise<ReferenceLookup> {
    try {
      const data = slimReferenceData(await options.client.getReferenceData());
      options.gate.recordSuccess();
      const fetchedAt = now();
      await store(data, fetchedAt);
      copy = { data, fetchedAt, lookup: buildReferenceLookup(data) };
      return copy.lookup;
    } catch (error) {
      if (!(error instanceof MapUpstreamError)) throw error;
      // A refused key or the fair-use limit concerns every call, so the shared gate closes; an
      // outage of this one endpoint only delays the next refresh and leaves point searches alone.
      if (error.kind !== "unavailable") options.gate.recordFailure(error);
      nextAttemptAt = now().getTime() + retryAfterFailureMs;
      log.warn(
        `reference data refresh failed (${error.kind}): keeping ${copy ? "the last good copy" : "the bundled snapshot"}`,
      );
      return withoutFreshCopy();
    }
  }

  return {
    async getLookup() {
      if (isFresh(copy)) return copy.lookup;
      inflight ??= refresh().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    async current() {
      if (!copy) copy = await readStored();
      return copy ? { data: copy.data, fetchedAt: copy.fetchedAt } : null;
    },
  };
}
