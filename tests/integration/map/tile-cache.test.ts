import { describe, expect, it } from "vitest";
import { mapTileCache } from "@/lib/core/db/schema";
import { translatorFor } from "@/lib/core/i18n/translator";
import { MapUnavailableError } from "@/lib/features/map/errors";
import { testDriver } from "../../support/test-db";
import { AMSTERDAM, mapHarnessForEachTest } from "./harness";

describe(`shared tile cache on ${testDriver}`, () => {
  const h = mapHarnessForEachTest({ quiet: true });

  // Centres spread over one 0.1° cell (52.35–52.45, 4.85–4.95), as many drivers panning around it.
  const centreInTile = (i: number) => ({ lat: 52.351 + (i % 10) * 0.0097, lng: 4.851 + Math.floor(i / 10) * 0.0097 });

  it("serves 100 requests within one 0.1° tile with one upstream call, concurrent or not", async () => {
    const concurrent = Array.from({ length: 50 }, (_, i) =>
      h.service.findPoints({ ...centreInTile(i), radiusKm: 8, limit: 8 }, "en"),
    );
    const first = await Promise.all(concurrent);
    for (let i = 50; i < 100; i += 1) await h.service.findPoints({ ...centreInTile(i), radiusKm: 8, limit: 8 }, "en");

    expect(h.emulator.stats()).toEqual({ poi: 1, referencedata: 1 });
    expect(first.every((r) => r.points.length === 8 && !r.stale)).toBe(true);
  });

  it("answers each caller nearest-first from its own centre, within its radius and limit", async () => {
    const response = await h.service.findPoints({ ...AMSTERDAM, radiusKm: 50, limit: 8 }, "en");
    const distances = response.points.map((p) => p.distanceKm);
    expect(distances).toHaveLength(8);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const wide = await h.service.findPoints({ lat: 52.36, lng: 4.9, radiusKm: 3, limit: 500 }, "en");
    expect(wide.points.length).toBeGreaterThan(8);
    expect(wide.points.every((p) => p.distanceKm <= 3)).toBe(true);
    expect(response.attribution.text).toBe("© Open Charge Map contributors, CC BY 4.0");
    expect(response.ownLocations).toEqual([]);
  });

  it("asks upstream with the spec's query, caps applied, the key only in the header", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 200, limit: 500 }, "en");
    const poiUrl = new URL(h.requestedUrls.find((u) => u.includes("/v3/poi/")) as string);
    expect(Object.fromEntries(poiUrl.searchParams)).toMatchObject({
      output: "json",
      compact: "true",
      verbose: "false",
      maxresults: "500",
      distance: "200",
      distanceunit: "KM",
      latitude: "52.4",
      longitude: "4.9",
    });
    expect(poiUrl.searchParams.has("key")).toBe(false);
  });

  it("survives a restart: a new process over the same database makes no new call", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.restart();
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(h.emulator.stats()).toEqual({ poi: 1, referencedata: 1 });
  });

  it("refetches once the tile has expired, and keeps other tiles apart", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    await h.service.findPoints({ lat: 52.0907, lng: 5.1214, radiusKm: 10, limit: 8 }, "en");
    expect(h.emulator.stats().poi).toBe(2);
    h.clock.advanceSeconds(901);
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(h.emulator.stats().poi).toBe(3);
  });

  it("serves the stale tile on 429 and does not knock again at once", async () => {
    const fresh = await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.clock.advanceSeconds(901);
    h.emulator.setFault({ status: 429, path: "poi" });

    const stale = await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(stale.stale).toBe(true);
    // The service gives a catalogue key; the route words it in the caller's language.
    expect(stale.notice && translatorFor("en")(stale.notice)).toMatch(/saved charge points/i);
    expect(stale.points).toEqual(fresh.points);
    expect(stale.fetchedAt).toBe(fresh.fetchedAt);
    expect(h.emulator.stats().poi).toBe(2);

    for (let i = 0; i < 20; i += 1) await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(h.emulator.stats().poi).toBe(2);

    // After the back-off, with the limit lifted, live data comes back.
    h.emulator.setFault(null);
    h.clock.advanceSeconds(5 * 60);
    const again = await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(again.stale).toBe(false);
    expect(h.emulator.stats().poi).toBe(3);
  });

  it("honours a long Retry-After before trying again", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.clock.advanceSeconds(901);
    h.emulator.setFault({ status: 429, path: "poi", times: 1, retryAfterSeconds: 600 });
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.clock.advanceSeconds(300);
    expect((await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en")).stale).toBe(true);
    expect(h.emulator.stats().poi).toBe(2);
    h.clock.advanceSeconds(301);
    expect((await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en")).stale).toBe(false);
  });

  for (const status of [401, 403]) {
    it(`gives a clear message on ${status} with nothing saved, without a tight retry`, async () => {
      h.emulator.setFault({ status });
      const attempt = () => h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MapUnavailableError);
      expect((error as MapUnavailableError).kind).toBe("unauthorized");
      expect(translatorFor("en")((error as MapUnavailableError).userMessage)).toMatch(
        /did not accept the portal's access/,
      );
      expect((error as MapUnavailableError).retryAfterSeconds).toBeGreaterThan(60);
      const callsAfterFirst = h.emulator.stats().poi + h.emulator.stats().referencedata;

      for (let i = 0; i < 10; i += 1) await expect(attempt()).rejects.toBeInstanceOf(MapUnavailableError);
      expect(h.emulator.stats().poi + h.emulator.stats().referencedata).toBe(callsAfterFirst);
      // The failed reference refresh closed the gate: the search itself was never sent.
      expect(h.emulator.stats().poi).toBe(0);
    });
  }

  it("serves the stale tile when the key is refused after it was cached", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.clock.advanceSeconds(901);
    h.emulator.setFault({ status: 403, path: "poi" });
    const response = await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    expect(response.stale).toBe(true);
    expect(response.points).toHaveLength(8);
  });

  it("reports an outage with nothing saved as unavailable", async () => {
    h.emulator.setFault({ status: 502, path: "poi" });
    await expect(h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en")).rejects.toMatchObject({
      kind: "unavailable",
    });
  });

  it("purges tiles that expired more than a week ago, keeping recent ones as stale fallbacks", async () => {
    await h.service.findPoints({ ...AMSTERDAM, radiusKm: 10, limit: 8 }, "en");
    h.clock.advanceSeconds(8 * 24 * 60 * 60);
    await h.service.findPoints({ lat: 52.0907, lng: 5.1214, radiusKm: 10, limit: 8 }, "en");
    const keys = (await h.db.db.select({ key: mapTileCache.key }).from(mapTileCache)).map((row) => row.key);
    expect(keys).toEqual(["52.1,5.1@10"]);
  });
});
