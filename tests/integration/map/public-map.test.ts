import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimitCounters } from "@/lib/core/db/schema";
import type { PlaceSearchResponse } from "@/lib/features/map/place-search";
import type { PointsResponse } from "@/lib/features/map/points";
import { createPlaceSearchHandler, createPointsHandler } from "@/lib/features/map/route-handlers";
import { middleware } from "@/middleware";
import { holdClockStill } from "../../support/still-clock";
import { openForSuite } from "../../support/suite-harness";
import { AMSTERDAM, createMapHarness, mapRouteDeps, realRouteModules } from "./harness";

/**
 * Issue 36: the map is public by default (middleware, layout and route handlers), MAP_PUBLIC=false closes it again
 * (signed-out visitors go to sign-in), and a signed-out visitor meets the same limits as anyone: the per-client limit
 * (per address, an IPv6 address by its /64) and the map data API's (one upstream call per area, whoever asks).
 * The real route modules run on the embedded map data emulator; only Next's request headers and the viewer are faked.
 */

const seams = vi.hoisted(() => ({
  forwardedFor: "203.0.113.7",
  viewer: null as null | { userId: string; email: string },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": seams.forwardedFor }) }));
vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => seams.viewer }));

const wired = realRouteModules(["__driverPortalPeerAddressHook"], "public-map-");
const { configure } = wired;

const pointsUrl = `http://localhost/api/map/points?lat=${AMSTERDAM.lat}&lng=${AMSTERDAM.lng}&limit=8`;
const signedOut = (pathname: string) => middleware(new NextRequest(`http://localhost:3000${pathname}`));
const passedOn = (response: Response) => response.headers.get("x-middleware-next") === "1";

beforeEach(async () => {
  await wired.db.db.delete(rateLimitCounters);
  seams.viewer = null;
  seams.forwardedFor = "203.0.113.7";
  // The limits count in clock-aligned minutes: a test must not see its count restart midway.
  holdClockStill();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the map is public by default", () => {
  it("lets a signed-out visitor through to /map and its data routes", async () => {
    configure();
    for (const pathname of [
      "/map",
      "/map?connector=CCS2",
      "/api/map/points",
      "/api/map/search",
      "/api/map/locations/1",
    ])
      expect(passedOn(await signedOut(pathname)), pathname).toBe(true);
    const { canViewMap } = await import("@/lib/features/map/access");
    expect(await canViewMap()).toBe(true);
  });

  it("serves a signed-out visitor charge points and a place search from the real route modules", async () => {
    configure();
    const { GET: points } = await import("@/app/api/map/points/route");
    const response = await points(new Request(pointsUrl));
    expect(response.status).toBe(200);
    expect(((await response.json()) as PointsResponse).points).toHaveLength(8);
    const { GET: search } = await import("@/app/api/map/search/route");
    const found = await search(new Request("http://localhost/api/map/search?q=Amsterdam"));
    expect(found.status).toBe(200);
    expect(((await found.json()) as PlaceSearchResponse).results[0]).toMatchObject({ kind: "town", name: "Amsterdam" });
  });
});

describe("MAP_PUBLIC=false closes it again", () => {
  it("sends a signed-out visitor of /map to sign-in, with the way back, and answers 401 on the data routes", async () => {
    configure({ MAP_PUBLIC: "false" });
    const page = await signedOut("/map");
    expect(page.status).toBe(307);
    const location = new URL(page.headers.get("location")!);
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("/map");
    for (const pathname of ["/api/map/points", "/api/map/search", "/api/map/locations/1"])
      expect((await signedOut(pathname)).status, pathname).toBe(401);
  });

  it("has the layout send a visitor without a session to sign-in, and the routes answer 401 (a stale cookie)", async () => {
    configure({ MAP_PUBLIC: "false" });
    const { default: MapLayout } = await import("@/app/(map)/layout");
    await expect(MapLayout({ children: null })).rejects.toMatchObject({
      digest: expect.stringContaining("/signin?callbackUrl=%2Fmap"),
    });
    const { GET: points } = await import("@/app/api/map/points/route");
    const refused = await points(new Request(pointsUrl));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Sign in to see charge points." });
    const { GET: search } = await import("@/app/api/map/search/route");
    expect((await search(new Request("http://localhost/api/map/search?q=Amsterdam"))).status).toBe(401);
  });

  it("still serves a signed-in driver", async () => {
    configure({ MAP_PUBLIC: "false" });
    seams.viewer = { userId: "u1", email: "driver@example.com" };
    const { GET: points } = await import("@/app/api/map/points/route");
    expect((await points(new Request(pointsUrl))).status).toBe(200);
  });
});

describe("a signed-out visitor meets the per-client limit", () => {
  it("is refused over the limit per address with 429 and Retry-After, while another address goes on", async () => {
    configure({ LIMIT_MAP_PER_CLIENT_PER_MINUTE: "3" });
    const { GET: points } = await import("@/app/api/map/points/route");
    const { GET: search } = await import("@/app/api/map/search/route");
    const statuses = [
      (await points(new Request(pointsUrl))).status,
      (await search(new Request("http://localhost/api/map/search?q=Amsterdam"))).status,
      // A bad query counts too: it cost the server a request all the same.
      (await points(new Request("http://localhost/api/map/points?lat=north"))).status,
    ];
    expect(statuses).toEqual([200, 200, 400]);
    const over = await points(new Request(pointsUrl));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await over.json()).error).toMatch(/^Too many map requests from your network\. Please wait \d+ seconds?/);
    expect((await search(new Request("http://localhost/api/map/search?q=Amsterdam"))).status).toBe(429);

    seams.forwardedFor = "198.51.100.23";
    expect((await points(new Request(pointsUrl))).status).toBe(200);
  });

  it("counts an IPv6 visitor by the /64, so a new address from the same network is no new allowance", async () => {
    configure({ LIMIT_MAP_PER_CLIENT_PER_MINUTE: "2" });
    const { GET: points } = await import("@/app/api/map/points/route");
    const from = async (address: string) => {
      seams.forwardedFor = address;
      return (await points(new Request(pointsUrl))).status;
    };
    expect([await from("2001:db8:1:2::1"), await from("2001:db8:1:2::ffff")]).toEqual([200, 200]);
    expect(await from("2001:db8:1:2:aaaa::7")).toBe(429);
    expect(await from("2001:db8:1:3::1")).toBe(200);
  });
});

describe("the map data API's limits hold for signed-out visitors", () => {
  const h = openForSuite(() => createMapHarness());

  it("asks upstream once for an area however many visitors ask, and never for a place search", async () => {
    configure();
    const visitors = Array.from({ length: 12 }, (_, n) => `203.0.113.${n + 10}`);
    const answers = await Promise.all(
      visitors.map((address) =>
        createPointsHandler(mapRouteDeps(h, { clientKey: async () => address }))(new Request(pointsUrl)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(visitors.map(() => 200));
    const poiCalls = () => h.requestedUrls.filter((url) => url.includes("/poi")).length;
    expect(poiCalls()).toBe(1);

    const search = createPlaceSearchHandler(mapRouteDeps(h));
    for (const q of ["Amsterdam", "Utrecht", "Zzyzx", "Prinsengracht"])
      expect((await search(new Request(`http://localhost/api/map/search?q=${q}`))).status).toBe(200);
    expect(poiCalls()).toBe(1);
  });
});

describe("the place search route", () => {
  const h = openForSuite(() => createMapHarness());
  const ask = async (query: string) => {
    const response = await createPlaceSearchHandler(mapRouteDeps(h))(
      new Request(`http://localhost/api/map/search?${query}`),
    );
    return { status: response.status, body: (await response.json()) as PlaceSearchResponse & { error?: string } };
  };

  it("finds nothing before any points are fetched, then the towns and streets of the points fetched", async () => {
    configure();
    expect(await ask("q=Utrecht")).toEqual({ status: 200, body: { results: [] } });
    const points = createPointsHandler(mapRouteDeps(h));
    expect((await points(new Request("http://localhost/api/map/points?lat=52.0907&lng=5.1214"))).status).toBe(200);

    const town = await ask("q=utrecht&lat=52.37&lng=4.89");
    expect(town.body.results[0]).toMatchObject({ kind: "town", name: "Utrecht" });
    const street = await ask("q=Biltstraat");
    expect(street.body.results.length).toBeGreaterThan(0);
    for (const result of street.body.results) expect(result).toMatchObject({ kind: "point", town: "Utrecht" });
    expect(street.body.results.every((r) => r.kind === "point" && /Biltstraat/.test(r.address ?? ""))).toBe(true);
  });

  it("answers bad input with a clear 400 and never a 500", async () => {
    configure();
    expect(await ask("")).toEqual({ status: 400, body: { error: "Enter a town or address." } });
    expect(await ask("q=%20U%20")).toEqual({
      status: 400,
      body: { error: "Enter at least 2 characters of a town or address." },
    });
    expect(await ask(`q=${"x".repeat(81)}`)).toEqual({ status: 400, body: { error: "Enter at most 80 characters." } });
    for (const odd of ["%27%3B%20drop%20table", "%F0%9F%94%8C%F0%9F%94%8C", "a%00b", "((((", "lat=x&q=Amst"])
      expect((await ask(odd.startsWith("lat") ? odd : `q=${odd}`)).status).toBe(200);
  });
});
