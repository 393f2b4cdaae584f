import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PointsResponse } from "@/lib/features/map/points";
import { createOwnLocationHandler, createPointsHandler } from "@/lib/features/map/route-handlers";
import { openForSuite } from "../../support/suite-harness";
import { AMSTERDAM, createMapHarness, mapRouteDeps, realRouteModules, TEST_MAP_KEY } from "./harness";

/** `GET /api/map/points`: validation, access, response shape, and no key in any body. */

// The real route module counts each call under the caller's address (next/headers outside a request: faked here).
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "192.0.2.44" }) }));

const url = (qs: string) =>
  new Request(`http://localhost/api/map/points?${qs}`, { headers: { "accept-language": "nl-NL,nl;q=0.9" } });

describe("points route handler", () => {
  let allowed = true;
  let GET: (request: Request) => Promise<Response>;
  const h = openForSuite(
    () => createMapHarness(),
    (opened) => {
      GET = createPointsHandler(mapRouteDeps(opened, { canView: async () => allowed }));
    },
  );
  afterEach(() => {
    allowed = true;
    vi.restoreAllMocks();
  });

  it("returns the documented shape, nearest first", async () => {
    const response = await GET(url(`lat=${AMSTERDAM.lat}&lng=${AMSTERDAM.lng}&radiusKm=50&limit=8`));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as PointsResponse;
    expect(body.points).toHaveLength(8);
    expect(body.attribution).toEqual({
      text: "© Open Charge Map contributors, CC BY 4.0",
      url: "https://openchargemap.org",
      licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
    });
    const [first] = body.points;
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        "id",
        "title",
        "address",
        "town",
        "lat",
        "lng",
        "distanceKm",
        "maxPowerKw",
        "connectors",
        "operator",
        "usageCost",
        "postcode",
        "demo",
        "status",
        "statusCode",
        "isOperational",
        "dataProvider",
      ].sort(),
    );
    expect(body.points.map((p) => p.distanceKm)).toEqual(body.points.map((p) => p.distanceKm).sort((a, b) => a - b));
  });

  it.each([
    ["lng=4.9", "lat is required"],
    ["lat=north&lng=4.9", "lat must be a number between -90 and 90"],
    ["lat=52&lng=200", "lng must be a number between -180 and 180"],
    ["lat=52&lng=4&radiusKm=-1", "radiusKm must be a number greater than 0"],
    ["lat=52&lng=4&limit=0", "limit must be a whole number at least 1"],
  ])("answers 400 with a message for %s", async (qs, message) => {
    const response = await GET(url(qs));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });

  it("answers 401 to someone who may not see the map", async () => {
    allowed = false;
    const response = await GET(url("lat=52&lng=4"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to see charge points." });
  });

  it("answers 503 with a plain message and Retry-After when upstream refuses and nothing is saved", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fresh = await createMapHarness();
    try {
      fresh.emulator.setFault({ status: 403 });
      const handler = createPointsHandler(mapRouteDeps(fresh));
      const response = await handler(url("lat=48.85&lng=2.35"));
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const text = await response.text();
      expect(JSON.parse(text).error).toMatch(/Please try again later/);
      expect(text).not.toContain(TEST_MAP_KEY);
    } finally {
      await fresh.close();
    }
  });

  it("never puts the map key in a response body", async () => {
    const bodies = await Promise.all(
      ["lat=52.37&lng=4.89&limit=500&radiusKm=200", "lat=bad", "lat=50.85&lng=4.35"].map(async (qs) =>
        (await GET(url(qs))).text(),
      ),
    );
    for (const body of bodies) expect(body).not.toContain(TEST_MAP_KEY);
  });

  it("answers 404 for own-location details while the platform lists none, and 400 for a bad id", async () => {
    const detail = createOwnLocationHandler(mapRouteDeps(h));
    expect(
      (await detail(new Request("http://localhost/api/map/locations/12"), { params: Promise.resolve({ id: "12" }) }))
        .status,
    ).toBe(404);
    expect(
      (await detail(new Request("http://localhost/api/map/locations/x"), { params: Promise.resolve({ id: "x" }) }))
        .status,
    ).toBe(400);
  });
});

describe("the real route module, wired from configuration (embedded map data emulator)", () => {
  const DISTINCT_KEY = "embedded-map-key-must-stay-server-side-77";
  const wired = realRouteModules(["__driverPortalPlatform", "__driverPortalPlatformEmulator"], "map-route-");
  // Injected instead of mutating process.env: other test files share this process's globals.
  beforeAll(() => wired.configure({ MAP_PUBLIC: "true", EMULATOR_MAP_KEY: DISTINCT_KEY }));

  it("serves points from the in-process emulator and never exposes its key", async () => {
    const { GET } = await import("@/app/api/map/points/route");
    const response = await GET(url(`lat=${AMSTERDAM.lat}&lng=${AMSTERDAM.lng}&limit=8`));
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(DISTINCT_KEY);
    const body = JSON.parse(text) as PointsResponse;
    expect(body.points).toHaveLength(8);
    // The demo prefix is kept apart, for the page to say in its own language.
    expect(body.points.some((p) => p.demo && !p.title.startsWith("Demo data"))).toBe(true);
    expect(body.points.some((p) => p.operator !== null)).toBe(true);
  });
});
