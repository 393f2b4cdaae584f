import { createMapEmulator, type MapEmulator } from "@/emulators/map";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { createMapDataClient, type FetchLike } from "@/lib/features/map/ocm-client";
import { createMapService, type MapService, type MapServiceOptions } from "@/lib/features/map/service";
import { openTestDatabase } from "../../support/test-db";

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

export async function createMapHarness(overrides: Partial<MapServiceOptions> = {}): Promise<MapHarness> {
  const db = await openTestDatabase();
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
    close: () => db.close(),
  };
  return harness;
}
