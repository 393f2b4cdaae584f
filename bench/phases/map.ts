import { getSignedIn } from "../lib/auth";
import type { BenchUpstreams } from "../lib/emulators";
import { percentile, round } from "../lib/stats";

/**
 * Map: 100 pans inside one 0.1° tile (centres jittered around 52.4, 4.9 by less than half a tile,
 * one radius bucket) should cost one upstream call; then the latency of 200 warm requests.
 * Upstream calls are read from the map emulator's own counters.
 */

const TILE = { lat: 52.4, lng: 4.9 };
const RADIUS_KM = 10;
// Deterministic jitter: the same 100 centres every run.
function centre(i: number): { lat: number; lng: number } {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12345.6789;
  const frac = (x: number) => x - Math.floor(x);
  return { lat: round(TILE.lat + (frac(a) - 0.5) * 0.09, 4), lng: round(TILE.lng + (frac(b) - 0.5) * 0.09, 4) };
}

export interface MapResult {
  pans: number;
  upstreamPoiCalls: number;
  upstreamReferenceCalls: number;
  warmRequests: number;
  latencyMs: { p50: number; p95: number; max: number };
}

async function pointsMs(origin: string, cookie: string, i: number): Promise<number> {
  const { lat, lng } = centre(i);
  const started = performance.now();
  const response = await getSignedIn(
    `${origin}/api/map/points?lat=${lat}&lng=${lng}&radiusKm=${RADIUS_KM}&limit=100`,
    cookie,
  );
  const body = (await response.json()) as { points?: unknown[]; stale?: boolean };
  if (!Array.isArray(body.points) || body.points.length === 0) throw new Error(`no points around ${lat},${lng}`);
  return performance.now() - started;
}

export async function measureMap(origin: string, cookie: string, upstreams: BenchUpstreams): Promise<MapResult> {
  await upstreams.call("DELETE", "/__emulator/faults");
  upstreams.map.reset();
  for (let i = 0; i < 100; i++) await pointsMs(origin, cookie, i);
  const stats = upstreams.map.stats();
  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) latencies.push(await pointsMs(origin, cookie, 100 + i));
  return {
    pans: 100,
    upstreamPoiCalls: stats.poi,
    upstreamReferenceCalls: stats.referencedata,
    warmRequests: latencies.length,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(Math.max(...latencies)),
    },
  };
}
