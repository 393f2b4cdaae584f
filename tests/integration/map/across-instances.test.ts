import { describe, expect, it } from "vitest";
import { upstreamLeases } from "@/lib/core/db/schema";
import { createMapDataClient, type FetchLike } from "@/lib/features/map/ocm-client";
import { createMapService, type MapService } from "@/lib/features/map/service";
import { tileFor } from "@/lib/features/map/tiles";
import { testDriver } from "../../support/test-db";
import { mapHarnessForEachTest, TEST_MAP_KEY } from "./harness";

/**
 * Two portal instances on one database (the harness's PGlite or Postgres): each its own map
 * service, so each its own in-process single flight, as two processes would have. Concurrent misses
 * of one tile spread over both still make one upstream call: the lease in the database.
 */
describe(`one upstream call per tile across instances, on ${testDriver}`, () => {
  const h = mapHarnessForEachTest();

  /** An instance whose upstream answers take `delayMs` (a real map data API is no in-process call). */
  function instance(delayMs: number): MapService {
    const fetch: FetchLike = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return h.emulator.handle(new Request(input, init));
    };
    return createMapService({
      client: createMapDataClient({
        baseUrl: "http://map-data.test",
        apiKey: TEST_MAP_KEY,
        fetch,
        log: () => undefined,
      }),
      getDb: async () => h.db.db,
      tileTtlSeconds: 900,
      now: () => new Date(h.clock.now),
    });
  }

  it("20 concurrent requests for one tile over two instances: one upstream call for the tile, one for the reference data", async () => {
    const [a, b] = [instance(150), instance(150)];
    const centre = (i: number) => ({ lat: 52.351 + (i % 5) * 0.01, lng: 4.851 + Math.floor(i / 5) * 0.01 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).findPoints({ ...centre(i), radiusKm: 8, limit: 8 }, "en"),
      ),
    );
    expect(h.emulator.stats()).toEqual({ poi: 1, referencedata: 1 });
    expect(answers.every((r) => r.points.length === 8 && !r.stale)).toBe(true);
    expect(await h.db.db.select().from(upstreamLeases)).toEqual([]);
  });

  it("a lease left by an instance that stopped mid-fetch lapses, and the next miss fetches", async () => {
    const a = instance(0);
    const query = { lat: 52.36, lng: 4.9, radiusKm: 8, limit: 8 };
    const lapsed = new Date(h.clock.now - 1000);
    await h.db.db
      .insert(upstreamLeases)
      .values({ name: `map-tile:${tileFor(query, query.radiusKm).key}`, expiresAt: lapsed });
    const answer = await a.findPoints(query, "en");
    expect(answer.points).toHaveLength(8);
    expect(h.emulator.stats().poi).toBe(1);
  });
});
