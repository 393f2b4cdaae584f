import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMapEmulator, type MapEmulator } from "@/emulators/map";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { createMapDataClient, type FetchLike } from "@/lib/features/map/ocm-client";
import { createMapService, type MapService, type MapServiceOptions } from "@/lib/features/map/service";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { openTestDatabase } from "../../support/test-db";
import { openForEachTest, openForSuite } from "../../support/suite-harness";
import { mapReferenceData, mapTileCache, upstreamLeases } from "@/lib/core/db/schema";
import { countAttempt, type RateLimitRule } from "@/lib/core/rate-limit";
import { loadConfig } from "@/lib/core/config";

/**
 * A map service over a fresh test database, talking to an in-process map data emulator through
 * an injected fetch, with a clock the test moves. `restart()` builds a new service (new process,
 * empty memory) over the same database.
 */
export const TEST_MAP_KEY = "integration-map-key-0f3c9a";
export const AMSTERDAM = { lat: 52.3702, lng: 4.8952 };

export interface MapHarness {
  db: OpenedDatabase;
  emulator: MapEmulator;
  clock: { now: number; advanceSeconds(seconds: number): void };
  service: MapService;
  /** Every URL the service asked for, in order. */
  requestedUrls: string[];
  restart(overrides?: Partial<MapServiceOptions>): MapService;
  close(): Promise<void>;
}

/**
 * A fresh map harness for each test of the suite. `quiet`: the console warnings and errors that upstream failures
 * are expected to print are kept out of the output.
 */
export function mapHarnessForEachTest({ quiet = false } = {}): MapHarness {
  // One database for the suite, emptied of what the map writes before each test: opening one costs a second or more.
  const opened = openForSuite(() => openTestDatabase());
  const harness = openForEachTest(async () => {
    for (const table of [mapTileCache, mapReferenceData, upstreamLeases]) await opened.db.delete(table);
    return createMapHarness({}, opened);
  });
  if (quiet) {
    beforeEach(() => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      vi.spyOn(console, "error").mockImplementation(() => undefined);
    });
    afterEach(() => vi.restoreAllMocks());
  }
  return harness;
}

/** `database`: one the caller opened and closes; a fresh test database otherwise, closed with the harness. */
export async function createMapHarness(
  overrides: Partial<MapServiceOptions> = {},
  database?: OpenedDatabase,
): Promise<MapHarness> {
  const db = database ?? (await openTestDatabase());
  const emulator = createMapEmulator({ apiKey: TEST_MAP_KEY });
  const clock = {
    now: Date.parse("2025-06-02T08:00:00Z"),
    advanceSeconds(seconds: number) {
      clock.now += seconds * 1000;
    },
  };
  const requestedUrls: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    requestedUrls.push(input);
    return emulator.handle(new Request(input, init));
  };
  const build = (more: Partial<MapServiceOptions> = {}) =>
    createMapService({
      client: createMapDataClient({
        baseUrl: "http://map-data.test",
        apiKey: TEST_MAP_KEY,
        fetch,
        log: () => undefined,
      }),
      getDb: async () => db.db,
      tileTtlSeconds: 900,
      now: () => new Date(clock.now),
      ...overrides,
      ...more,
    });
  const harness: MapHarness = {
    db,
    emulator,
    clock,
    service: build(),
    requestedUrls,
    restart(more) {
      harness.service = build(more);
      return harness.service;
    },
    close: async () => {
      if (!database) await db.close();
    },
  };
  return harness;
}

/**
 * What the map's route handlers need, over the harness: its service, an access answer, the caller's client key and
 * the per-client limit counted in the harness's database.
 */
export function mapRouteDeps(
  h: MapHarness,
  overrides: { canView?: () => Promise<boolean>; clientKey?: () => Promise<string> } = {},
) {
  return {
    getService: () => h.service,
    canView: overrides.canView ?? (async () => true),
    clientKey: overrides.clientKey ?? (async () => "192.0.2.1"),
    countCall: (bucket: string, subject: string, rule: RateLimitRule) =>
      countAttempt(h.db.db, bucket, subject, rule, new Date(h.clock.now)),
  };
}

/**
 * For a suite running the real route modules: a test database and a data folder, the process-wide globals saved, the
 * database's set, the map service's and `services`' cleared, all put back after the suite; `configure` sets the config.
 */
export function realRouteModules(services: readonly string[], folderPrefix: string) {
  const holder = globalThis as unknown as Record<string, unknown>;
  // Config and DB first; the rest are process-wide services built from them.
  const globals = ["__driverPortalConfig", "__driverPortalDb", "__driverPortalMapService", ...services];
  const wired = {
    db: undefined as unknown as OpenedDatabase,
    dataDir: "",
    configure(env: Record<string, string> = {}): void {
      holder.__driverPortalConfig = loadConfig({ NODE_ENV: "test", DATA_DIR: wired.dataDir, ...env });
    },
  };
  let saved: Record<string, unknown> = {};
  beforeAll(async () => {
    wired.db = await openTestDatabase();
    wired.dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
    saved = Object.fromEntries(globals.map((name) => [name, holder[name]]));
    holder.__driverPortalDb = Promise.resolve(wired.db);
    for (const name of globals.slice(2)) holder[name] = undefined;
  });
  afterAll(async () => {
    for (const name of globals) holder[name] = saved[name];
    await wired.db?.close();
    await rm(wired.dataDir, { recursive: true, force: true });
  });
  return wired;
}
