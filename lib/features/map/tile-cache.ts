import "server-only";
import { desc, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/core/db/client";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { onceAcrossInstances } from "@/lib/features/map/upstream-lease";
import { mapTileCache } from "@/lib/core/db/schema";
import { MapUnavailableError, MapUpstreamError, staleNoticeFor, userMessageFor, type UpstreamGate } from "./errors";
import type { MapPointBase } from "./points";
import { POINT_STATUS_CODES } from "./status";
import type { Tile } from "./tiles";
import { logger } from "@/lib/core/log";

const log = logger("map");

/**
 * The shared tile cache: DB rows with an in-process layer, single flight per tile in a process and across instances,
 * stale copies when upstream fails (docs/design-notes.md#libfeaturesmaptile-cachets).
 */

export interface TileResult {
  points: MapPointBase[];
  fetchedAt: Date;
  stale: boolean;
  /** Why a saved copy is served: a catalogue key, put into the caller's language by the route. */
  notice: MessageKey | null;
}

export interface TileCacheOptions {
  getDb: () => Promise<Database>;
  ttlSeconds: number;
  gate: UpstreamGate;
  fetchTile: (tile: Tile) => Promise<MapPointBase[]>;
  now?: () => Date;
  memoryEntries?: number;
  /** How another instance's fetch is waited for (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

export interface TileCache {
  get(tile: Tile): Promise<TileResult>;
  /** Every point of the tiles saved so far (the newest tiles first, at most `SEARCHED_TILES`): what a search reads. */
  savedPoints(): Promise<MapPointBase[]>;
}

/** The newest tiles a place search reads: a few cities' worth, parsed once per saved copy. */
export const SEARCHED_TILES = 64;

/** Thrown by `fetchTile` when the gate closed while it ran: no new failure to record. */
export class UpstreamBlockedError extends MapUpstreamError {}

const StoredConnector = z.object({ label: z.string(), powerKw: z.number().nullable(), quantity: z.number() });
const StoredPoint = z.object({
  id: z.number(),
  title: z.string(),
  address: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string().nullable(),
  demo: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  maxPowerKw: z.number().nullable(),
  connectors: z.array(StoredConnector),
  operator: z.string().nullable(),
  usageCost: z.string().nullable(),
  status: z.string().nullable(),
  statusCode: z.enum(POINT_STATUS_CODES),
  isOperational: z.boolean().nullable(),
  dataProvider: z.object({ title: z.string(), licence: z.string().nullable() }).nullable(),
});
/**
 * Rows are JSON written by an earlier version perhaps: one that does not parse counts as missing. Version 2 added the
 * postcode, the demo flag and the status code (issue 36).
 */
const TILE_VERSION = 2;
const StoredTile = z.object({ version: z.literal(TILE_VERSION), points: z.array(StoredPoint) });

/** Expired rows stay this long as stale fallbacks, then go: the table must not grow forever. */
const KEEP_EXPIRED_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Longer than one upstream call may take (the map client's timeout and retries): then it lapses. */
const FETCH_LEASE_MS = 30_000;

interface Entry {
  points: MapPointBase[];
  fetchedAt: Date;
  expiresAt: Date;
}

export function createTileCache(options: TileCacheOptions): TileCache {
  const now = options.now ?? (() => new Date());
  const memoryLimit = options.memoryEntries ?? 256;
  const memory = new Map<string, Entry>();
  const inflight = new Map<string, Promise<TileResult>>();
  let lastPurge = 0;

  const remember = (key: string, entry: Entry) => {
    memory.delete(key);
    memory.set(key, entry);
    // Map keeps insertion order: the first key is the least recently stored.
    if (memory.size > memoryLimit) memory.delete(memory.keys().next().value as string);
  };
  const fresh = (entry: Entry): TileResult => ({
    points: entry.points,
    fetchedAt: entry.fetchedAt,
    stale: false,
    notice: null,
  });

  async function readRow(key: string): Promise<Entry | null> {
    try {
      const db = await options.getDb();
      const [row] = await db.select().from(mapTileCache).where(eq(mapTileCache.key, key));
      if (!row) return null;
      const parsed = StoredTile.safeParse(row.payload);
      return parsed.success ? { points: parsed.data.points, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt } : null;
    } catch (error) {
      log.error("reading the tile cache failed", error);
      return null;
    }
  }

  async function writeRow(key: string, entry: Entry): Promise<void> {
    const values = {
      payload: { version: TILE_VERSION, points: entry.points },
      fetchedAt: entry.fetchedAt,
      expiresAt: entry.expiresAt,
    };
    try {
      const db = await options.getDb();
      await db
        .insert(mapTileCache)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: mapTileCache.key, set: values });
    } catch (error) {
      log.error("writing the tile cache failed", error);
    }
    if (now().getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now().getTime();
      try {
        const db = await options.getDb();
        await db.delete(mapTileCache).where(lt(mapTileCache.expiresAt, new Date(now().getTime() - KEEP_EXPIRED_MS)));
      } catch (error) {
        log.error("purging old tiles failed", error);
      }
    }
  }

  function staleOrUnavailable(
    saved: Entry | null,
    kind: MapUpstreamError["kind"],
    retryAfterSeconds: number,
  ): TileResult {
    if (saved) return { points: saved.points, fetchedAt: saved.fetchedAt, stale: true, notice: staleNoticeFor(kind) };
    throw new MapUnavailableError(kind, userMessageFor(kind), retryAfterSeconds);
  }

  /** The saved row, and the answer when it is still fresh (remembered in memory). */
  async function savedTile(key: string): Promise<{ saved: Entry | null; result: TileResult | null }> {
    const saved = await readRow(key);
    if (!saved || saved.expiresAt <= now()) return { saved, result: null };
    remember(key, saved);
    return { saved, result: fresh(saved) };
  }

  async function load(tile: Tile): Promise<TileResult> {
    const first = await savedTile(tile.key);
    if (first.result) return first.result;
    return onceAcrossInstances({
      getDb: options.getDb,
      name: `map-tile:${tile.key}`,
      ttlMs: FETCH_LEASE_MS,
      now,
      sleep: options.sleep,
      ready: async () => (await savedTile(tile.key)).result,
      fetch: async () => fetchAndStore(tile, (await readRow(tile.key)) ?? first.saved),
    });
  }

  async function fetchAndStore(tile: Tile, saved: Entry | null): Promise<TileResult> {
    const blocked = options.gate.blocked();
    if (blocked) return staleOrUnavailable(saved, blocked.kind, blocked.retryAfterSeconds);

    try {
      const points = await options.fetchTile(tile);
      options.gate.recordSuccess();
      const fetchedAt = now();
      const entry = { points, fetchedAt, expiresAt: new Date(fetchedAt.getTime() + options.ttlSeconds * 1000) };
      remember(tile.key, entry);
      await writeRow(tile.key, entry);
      return fresh(entry);
    } catch (error) {
      if (!(error instanceof MapUpstreamError)) throw error;
      if (!(error instanceof UpstreamBlockedError)) {
        options.gate.recordFailure(error);
        log[error.kind === "unauthorized" ? "error" : "warn"](
          `tile ${tile.key}: ${error.message}; ${saved ? "serving the saved copy" : "no saved copy"}`,
        );
      }
      return staleOrUnavailable(saved, error.kind, options.gate.blocked()?.retryAfterSeconds ?? 60);
    }
  }

  // Parsed saved tiles by key and save time: a search parses only the tiles saved since the last one.
  let parsedTiles = new Map<string, MapPointBase[]>();
  async function savedPoints(): Promise<MapPointBase[]> {
    try {
      const db = await options.getDb();
      const rows = await db
        .select({ key: mapTileCache.key, fetchedAt: mapTileCache.fetchedAt })
        .from(mapTileCache)
        .orderBy(desc(mapTileCache.fetchedAt))
        .limit(SEARCHED_TILES);
      const version = (row: { key: string; fetchedAt: Date }) => `${row.key}@${row.fetchedAt.getTime()}`;
      const missing = rows.filter((row) => !parsedTiles.has(version(row))).map((row) => row.key);
      const loaded = missing.length
        ? await db.select().from(mapTileCache).where(inArray(mapTileCache.key, missing))
        : [];
      const next = new Map<string, MapPointBase[]>();
      for (const row of rows) {
        const known = parsedTiles.get(version(row));
        if (known) next.set(version(row), known);
      }
      for (const row of loaded) {
        const parsed = StoredTile.safeParse(row.payload);
        if (parsed.success) next.set(version(row), parsed.data.points);
      }
      parsedTiles = next;
      return [...next.values()].flat();
    } catch (error) {
      log.error("reading the saved tiles for a search failed", error);
      return [...memory.values()].flatMap((entry) => entry.points);
    }
  }

  return {
    savedPoints,
    async get(tile) {
      const hot = memory.get(tile.key);
      if (hot && hot.expiresAt > now()) return fresh(hot);
      const pending = inflight.get(tile.key);
      if (pending) return pending;
      const loading = load(tile).finally(() => inflight.delete(tile.key));
      inflight.set(tile.key, loading);
      return loading;
    },
  };
}
