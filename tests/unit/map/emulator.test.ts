import { describe, expect, it } from "vitest";
import { createMapEmulator, DEMO_ID_BASE } from "@/emulators/map";
import { getMapDataset } from "@/emulators/map/dataset";
import { generateDemoPoints } from "@/emulators/map/demo-points";
import { haversineKm } from "@/emulators/map/search";

const KEY = "test-map-key";
const emulator = createMapEmulator({ apiKey: KEY, now: () => new Date("2025-06-01T00:00:00Z") });
const AMSTERDAM = { lat: 52.3702, lng: 4.8952 };

type Poi = {
  ID: number;
  StatusTypeID?: number;
  AddressInfo: Record<string, unknown>;
  Connections?: Record<string, unknown>[];
  [k: string]: unknown;
};

async function poi(
  query: string,
  init: RequestInit = { headers: { "X-API-Key": KEY } },
): Promise<{ status: number; body: Poi[] }> {
  const response = await emulator.handle(new Request(`http://map.test/v3/poi/?${query}`, init));
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Poi[]) : [] };
}

const near = `latitude=${AMSTERDAM.lat}&longitude=${AMSTERDAM.lng}`;

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(hasNull);
  if (typeof value === "object") return Object.values(value as object).some(hasNull);
  return false;
}

describe("map data emulator: keys", () => {
  it("answers 401 without a key, 403 plain text for a wrong key", async () => {
    const missing = await emulator.handle(new Request(`http://map.test/v3/poi/?${near}`));
    expect(missing.status).toBe(401);
    const wrong = await emulator.handle(
      new Request(`http://map.test/v3/poi/?${near}`, { headers: { "X-API-Key": "nope" } }),
    );
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get("content-type")).toContain("text/plain");
    expect(await wrong.text()).toBe("REJECTED_APIKEY_INVALID");
  });

  it("accepts the key as query parameter, which wins over the header, and treats 'test' as missing", async () => {
    expect((await poi(`${near}&key=${KEY}`, {})).status).toBe(200);
    expect((await poi(`${near}&key=wrong`, { headers: { "X-API-Key": KEY } })).status).toBe(403);
    expect((await poi(`${near}&key=test`, {})).status).toBe(401);
  });
});

describe("map data emulator: the spec's query", () => {
  const specQuery = `output=json&compact=true&verbose=false&maxresults=8&${near}&distance=50&distanceunit=KM`;

  it("returns the nearest first with Distance in km and DistanceUnit 1", async () => {
    const { status, body } = await poi(specQuery);
    expect(status).toBe(200);
    expect(body).toHaveLength(8);
    const distances = body.map((p) => p.AddressInfo.Distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.every((p) => p.AddressInfo.DistanceUnit === 1)).toBe(true);
    const first = body[0] as Poi;
    expect(distances[0]).toBeCloseTo(
      haversineKm(
        AMSTERDAM.lat,
        AMSTERDAM.lng,
        first.AddressInfo.Latitude as number,
        first.AddressInfo.Longitude as number,
      ),
      6,
    );
  });

  it("omits every null field and the reference objects", async () => {
    const { body } = await poi(specQuery);
    for (const p of body) {
      expect(hasNull(p)).toBe(false);
      expect(p).not.toHaveProperty("OperatorInfo");
      expect(p).not.toHaveProperty("StatusType");
      expect(p).toHaveProperty("OperatorID");
      for (const c of p.Connections ?? []) expect(c).not.toHaveProperty("ConnectionType");
    }
  });

  it("shows the reference objects as null with compact=true&verbose=true, and embeds them with compact=false", async () => {
    const verbose = await poi(`compact=true&verbose=true&maxresults=1&${near}`);
    expect(verbose.body[0]?.OperatorInfo).toBeNull();
    const full = await poi(`compact=false&verbose=false&maxresults=1&${near}`);
    expect((full.body[0]?.OperatorInfo as { Title?: string } | undefined)?.Title).toEqual(expect.any(String));
  });
});

describe("map data emulator: defaults and filters as the real server", () => {
  it("uses miles by default, 50 km radius and 100 results", async () => {
    const { body } = await poi(near);
    expect(body).toHaveLength(100);
    expect(body.every((p) => p.AddressInfo.DistanceUnit === 2)).toBe(true);
    const miles = body.map((p) => p.AddressInfo.Distance as number);
    const km = body.map((p) =>
      haversineKm(AMSTERDAM.lat, AMSTERDAM.lng, p.AddressInfo.Latitude as number, p.AddressInfo.Longitude as number),
    );
    miles.forEach((m, i) => expect(m * 1.609344).toBeCloseTo(km[i] as number, 6));
    const far = await poi(`latitude=52.0907&longitude=5.1214&maxresults=1000&distanceunit=km`);
    expect(Math.max(...far.body.map((p) => p.AddressInfo.Distance as number))).toBeLessThanOrEqual(50);
  });

  it("never returns removed points (status 200/210)", async () => {
    const removed = getMapDataset().points.filter((p) => p.StatusTypeID === 200 || p.StatusTypeID === 210);
    expect(removed.length).toBeGreaterThan(0);
    const { body } = await poi(`maxresults=100000`);
    const ids = new Set(body.map((p) => p.ID));
    for (const p of removed) expect(ids.has(p.ID)).toBe(false);
  });

  it("sorts by ID descending without coordinates, and filters by country code (unknown code: no filter)", async () => {
    const all = await poi(`maxresults=100000`);
    const ids = all.body.map((p) => p.ID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // verbose defaults to true: Distance is there, as null.
    expect(all.body.every((p) => p.AddressInfo.DistanceUnit === 0 && p.AddressInfo.Distance === null)).toBe(true);
    const be = await poi(`maxresults=100000&countrycode=be`);
    expect(be.body.length).toBeGreaterThan(0);
    expect(be.body.every((p) => p.AddressInfo.CountryID === 26)).toBe(true);
    expect((await poi(`maxresults=100000&countrycode=XX`)).body).toHaveLength(all.body.length);
  });

  it("applies connectiontypeid and minpowerkw to any connection, independently", async () => {
    const { body } = await poi(`maxresults=100000&connectiontypeid=25&minpowerkw=50`);
    expect(body.length).toBeGreaterThan(0);
    for (const p of body) {
      const connections = p.Connections ?? [];
      expect(connections.some((c) => c.ConnectionTypeID === 25)).toBe(true);
      expect(connections.some((c) => (c.PowerKW as number) >= 50)).toBe(true);
    }
    // Some of them have no single Type 2 connection at 50 kW: the API's filter is coarser than the portal's.
    expect(
      body.some((p) => !(p.Connections ?? []).some((c) => c.ConnectionTypeID === 25 && (c.PowerKW as number) >= 50)),
    ).toBe(true);
  });

  it("leaves bounding-box results without Distance", async () => {
    const { body } = await poi(`boundingbox=(52.4,4.95),(52.3,4.85)&compact=true&verbose=false`);
    expect(body.length).toBeGreaterThan(0);
    for (const p of body) {
      expect(p.AddressInfo).not.toHaveProperty("Distance");
      expect(p.AddressInfo.DistanceUnit).toBe(0);
    }
  });
});

describe("demo data", () => {
  it("is deterministic, clearly marked, and dense around the demo cities", () => {
    const first = generateDemoPoints();
    expect(generateDemoPoints()).toEqual(first);
    expect(first.length).toBeGreaterThanOrEqual(400);
    for (const p of first) {
      expect(p.ID).toBeGreaterThanOrEqual(DEMO_ID_BASE);
      expect(String(p.AddressInfo.Title)).toMatch(/^Demo data/);
      expect(String(p.GeneralComments)).toContain("Not a real charge point");
    }
  });

  it("gives the default centre 8 nearest with both fast and slow points, so filters have something to do", async () => {
    const { body } = await poi(`compact=true&verbose=false&maxresults=8&${near}&distanceunit=KM`);
    const powers = body.map((p) => Math.max(0, ...(p.Connections ?? []).map((c) => (c.PowerKW as number) ?? 0)));
    expect(powers.some((kw) => kw >= 50)).toBe(true);
    expect(powers.some((kw) => kw < 50)).toBe(true);
  });
});

describe("emulator control surface", () => {
  it("injects faults for a number of calls and counts calls", async () => {
    const local = createMapEmulator({ apiKey: KEY });
    const put = await local.handle(
      new Request("http://map.test/__emulator/faults", {
        method: "PUT",
        body: JSON.stringify({ status: 429, times: 1, retryAfterSeconds: 30 }),
      }),
    );
    expect(put.status).toBe(200);
    const limited = await local.handle(
      new Request(`http://map.test/v3/poi/?${near}`, { headers: { "X-API-Key": KEY } }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    expect(
      (await local.handle(new Request(`http://map.test/v3/poi/?${near}`, { headers: { "X-API-Key": KEY } }))).status,
    ).toBe(200);
    expect(local.stats()).toEqual({ poi: 2, referencedata: 0 });
  });
});
