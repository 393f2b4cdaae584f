import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMapEmulatorServer } from "@/emulators/map/server";
import { createMapDataClient } from "@/lib/features/map/ocm-client";
import { MapUpstreamError } from "@/lib/features/map/errors";

/** The map data emulator over real HTTP (serveFetchHandler on port 0), as `npm run emulator` runs it. */

const KEY = "http-emulator-key-5d1e";
const SPEC_QUERY =
  "output=json&compact=true&verbose=false&maxresults=8&latitude=52.3702&longitude=4.8952&distance=50&distanceunit=KM";

describe("map data emulator over HTTP", () => {
  let server: Awaited<ReturnType<typeof startMapEmulatorServer>>;
  beforeAll(async () => {
    server = await startMapEmulatorServer({ port: 0, apiKey: KEY });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 without a key and 403 with plain text for a wrong key", async () => {
    const missing = await fetch(`${server.url}/v3/poi/?${SPEC_QUERY}`);
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${server.url}/v3/poi/?${SPEC_QUERY}`, { headers: { "X-API-Key": "not-the-key" } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("REJECTED_APIKEY_INVALID");
  });

  it("answers the spec's query nearest-first, JSON, without null fields", async () => {
    const response = await fetch(`${server.url}/v3/poi/?${SPEC_QUERY}`, { headers: { "X-API-Key": KEY } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const text = await response.text();
    expect(text).not.toContain("null");
    const body = JSON.parse(text) as { AddressInfo: { Distance: number; DistanceUnit: number } }[];
    expect(body).toHaveLength(8);
    const distances = body.map((p) => p.AddressInfo.Distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.every((p) => p.AddressInfo.DistanceUnit === 1)).toBe(true);
  });

  it("serves reference data", async () => {
    const response = await fetch(`${server.url}/v3/referencedata/?output=json&key=${KEY}`);
    const body = (await response.json()) as Record<string, unknown[]>;
    expect(body.ConnectionTypes).toHaveLength(42);
    expect(body.Operators).toHaveLength(684);
  });

  it("is reached by the portal's client with caps applied and the key only in the header", async () => {
    const seen: { url: string; key: string | null }[] = [];
    const client = createMapDataClient({
      baseUrl: `${server.url}/`,
      apiKey: KEY,
      log: () => undefined,
      fetch: (input, init) => {
        seen.push({ url: input, key: new Headers(init.headers).get("x-api-key") });
        return fetch(input, init);
      },
    });
    const points = await client.searchPoints({
      latitude: 52.37,
      longitude: 4.89,
      distanceKm: 5000,
      maxResults: 100_000,
    });
    expect(points.length).toBeGreaterThan(100);
    expect(points.length).toBeLessThanOrEqual(500);
    const url = new URL(seen[0]?.url as string);
    expect(url.searchParams.get("maxresults")).toBe("500");
    expect(url.searchParams.get("distance")).toBe("200");
    expect(seen[0]?.url).not.toContain(KEY);
    expect(seen[0]?.key).toBe(KEY);
    expect((await client.getReferenceData()).Operators.length).toBe(684);
  });

  it("turns emulated upstream failures into typed errors", async () => {
    const client = createMapDataClient({
      baseUrl: server.url,
      apiKey: KEY,
      log: () => undefined,
      fetch: (input, init) => fetch(input, init),
    });
    const control = (body: unknown) =>
      fetch(`${server.url}/__emulator/faults`, { method: "PUT", body: JSON.stringify(body) });
    const search = () =>
      client.searchPoints({ latitude: 52.37, longitude: 4.89, distanceKm: 5, maxResults: 5 }).catch((e: unknown) => e);

    await control({ status: 429, times: 1, retryAfterSeconds: 120 });
    expect(await search()).toMatchObject({ kind: "rate-limited", status: 429, retryAfterSeconds: 120 });
    await control({ status: 403, times: 1 });
    expect(await search()).toMatchObject({ kind: "unauthorized", status: 403 });
    await control({ status: 503, times: 1 });
    const outage = await search();
    expect(outage).toBeInstanceOf(MapUpstreamError);
    expect(outage).toMatchObject({ kind: "unavailable", status: 503 });
    expect(Array.isArray(await search())).toBe(true);

    const wrongKey = createMapDataClient({
      baseUrl: server.url,
      apiKey: "wrong",
      log: () => undefined,
      fetch: (input, init) => fetch(input, init),
    });
    await expect(
      wrongKey.searchPoints({ latitude: 52.37, longitude: 4.89, distanceKm: 5, maxResults: 5 }),
    ).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("reports unreachable upstreams as unavailable", async () => {
    const client = createMapDataClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: KEY,
      log: () => undefined,
      fetch: (input, init) => fetch(input, init),
    });
    await expect(
      client.searchPoints({ latitude: 1, longitude: 1, distanceKm: 1, maxResults: 1 }),
    ).rejects.toMatchObject({ kind: "unavailable", status: null });
  });
});
