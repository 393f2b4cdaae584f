import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import en from "@/messages/en.json";
import { buildPoiQuery } from "@/lib/features/map/ocm-client";
import { formatDistance, formatPower } from "@/lib/features/map/format";
import { parsePointsQuery } from "@/lib/features/map/points-query";
import { pointsQueryError } from "@/lib/features/map/route-handlers";
import { createTileMemory } from "@/lib/features/map/tile-memory";
import { radiusBucket, roundToTile, tileFor } from "@/lib/features/map/tiles";

describe("tiles", () => {
  it("round the centre to 0.1° and bucket the radius", () => {
    expect(roundToTile(52.3702)).toBe(52.4);
    expect(roundToTile(52.35)).toBe(52.4);
    expect(roundToTile(-0.04)).toBe(0);
    expect(radiusBucket(3)).toBe(5);
    expect(radiusBucket(26)).toBe(50);
    expect(radiusBucket(5000)).toBe(200);
    expect(tileFor({ lat: 52.3702, lng: 4.8952 }, 50).key).toBe("52.4,4.9@50");
  });

  it("give every centre inside one 0.1° cell the same key", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 100; i += 1)
      keys.add(tileFor({ lat: 52.351 + (i % 10) * 0.0097, lng: 4.851 + Math.floor(i / 10) * 0.0097 }, 8).key);
    expect([...keys]).toEqual(["52.4,4.9@10"]);
  });
});

describe("browser tile memory", () => {
  it("reuses a tile while fresh and forgets it after", () => {
    let now = 0;
    const memory = createTileMemory<string>(1000, () => now);
    memory.remember("a", "first");
    now = 999;
    expect(memory.fresh("a")).toBe("first");
    now = 1000;
    expect(memory.fresh("a")).toBeNull();
  });
});

describe("map data API query", () => {
  it("is exactly the spec's query, with the caller's caps whatever is asked", () => {
    const query = buildPoiQuery({ latitude: 52.4, longitude: 4.9, distanceKm: 1000, maxResults: 10_000 });
    expect(Object.fromEntries(query)).toEqual({
      output: "json",
      compact: "true",
      verbose: "false",
      maxresults: "500",
      latitude: "52.4",
      longitude: "4.9",
      distance: "200",
      distanceunit: "KM",
    });
    expect(query.has("key")).toBe(false);
  });
});

describe("GET /api/map/points query", () => {
  const parse = (qs: string) => parsePointsQuery(new URLSearchParams(qs));
  // The route handler's words for the problems, in English.
  const worded = (qs: string) => {
    const parsed = parse(qs);
    return parsed.ok ? parsed : { ok: false, error: pointsQueryError(translatorFor("en"), parsed.problems) };
  };

  it("accepts a good query with defaults and caps", () => {
    expect(parse("lat=52.37&lng=4.89")).toEqual({
      ok: true,
      query: { lat: 52.37, lng: 4.89, radiusKm: 50, limit: 100 },
    });
    expect(parse("lat=52.37&lng=4.89&radiusKm=900&limit=9999")).toEqual({
      ok: true,
      query: { lat: 52.37, lng: 4.89, radiusKm: 200, limit: 500 },
    });
  });

  it("rejects bad parameters with a message naming them", () => {
    expect(worded("lng=4.89")).toEqual({ ok: false, error: "lat is required" });
    expect(worded("lat=abc&lng=4.89")).toMatchObject({
      ok: false,
      error: expect.stringContaining("lat must be a number between -90 and 90"),
    });
    expect(worded("lat=91&lng=181")).toMatchObject({ ok: false, error: expect.stringContaining("lng must be") });
    expect(worded("lat=1&lng=1&radiusKm=0")).toMatchObject({ ok: false, error: expect.stringContaining("radiusKm") });
    expect(worded("lat=1&lng=1&limit=2.5")).toMatchObject({
      ok: false,
      error: expect.stringContaining("limit must be a whole number"),
    });
    expect(worded("lat=&lng=1")).toMatchObject({ ok: false, error: "lat is required" });
  });

  it("names each problem as a catalogue key with its values, words left to the route handler", () => {
    expect(parse("lat=91&limit=0")).toEqual({
      ok: false,
      problems: [
        { key: "mapErrors.query.between", values: { name: "lat", kind: "number", min: -90, max: 90 } },
        { key: "mapErrors.query.required", values: { name: "lng" } },
        { key: "mapErrors.query.atLeast", values: { name: "limit", kind: "integer", min: 1 } },
      ],
    });
  });
});

describe("formatting", () => {
  it("shows metres below 1 km and kW with Intl", () => {
    expect(formatDistance(0.386)).toBe("390 m");
    expect(formatDistance(1.26)).toBe("1.3 km");
    expect(formatPower(7.4, en.map.point.powerUnknown)).toBe("7.4 kW");
    expect(formatPower(null, en.map.point.powerUnknown)).toBe("power unknown");
  });
});
