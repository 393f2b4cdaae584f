import { getSignedIn } from "../lib/auth";
import type { BenchUpstreams, UpstreamCall } from "../lib/emulators";
import { perRequest, scrapeMetrics } from "../lib/metrics";
import { median, round, unionMs } from "../lib/stats";

/**
 * Portal overhead: full-HTML render time of a page (streamed to the end) over the upstream time it
 * cannot avoid, i.e. the union of the platform calls in flight during that render (parallel calls
 * count once, sequential ones add up). Upstream latency is fixed at 50 ms so the ratio means the
 * same on every machine.
 */

export const OVERHEAD_TARGET = 1.2;
export const UPSTREAM_LATENCY_MS = 50;

export interface OverheadResult {
  page: string;
  renders: number;
  medianRenderMs: number;
  medianUpstreamMs: number;
  ratio: number;
  pass: boolean;
  upstreamCallsPerRender: number;
  /** The median render's upstream calls, relative to the request's start: what ran when. */
  timeline: string[];
  /** Portal time outside upstream calls in the median render: before the first, between, after the last. */
  portalMs: { beforeFirstCall: number; betweenCalls: number; afterLastCall: number };
  htmlKb: number;
  /** The portal's own count of the renders (/api/metrics), when it serves metrics: mean time and platform calls. */
  portalCounted?: { requests: number; meanMs: number; platformCallsPerRequest: number };
}

/**
 * What requests cost with no upstream call: the floor under every page's overhead. A route handler
 * (middleware, routing, one small JSON answer), and a whole page with a form but no session read and
 * no platform call (`/signin`, signed out): the least any App Router page costs on this machine.
 */
export interface PortalFloor {
  healthMs: number;
  emptyPageMs: number;
}

/** `/public-api/resources/sessions/v1.0?filter[userId]=1001&page=2` → `GET sessions/v1.0 page=2 per_page=100`. */
function describe(call: UpstreamCall): string {
  const url = new URL(call.path, "http://x");
  const resource = url.pathname.replace(/^\/public-api\/resources\//, "").replace(/\/\d+(?=\/|$)/g, "/{id}");
  const paging = ["page", "per_page", "filter[startedAfter]"]
    .map((name) => (url.searchParams.has(name) ? `${name}=${url.searchParams.get(name) ?? ""}` : ""))
    .filter(Boolean)
    .join(" ");
  return `${call.method} ${resource}${paging ? ` ${paging}` : ""}`;
}

/** One signed-in GET, read to its last byte, with the platform calls made while it ran. */
export interface Render {
  ms: number;
  bytes: number;
  upstreamMs: number;
  calls: UpstreamCall[];
  start: number;
  end: number;
}

export async function renderOnce(url: string, cookie: string, upstreams: BenchUpstreams): Promise<Render> {
  upstreams.takeCalls();
  const start = performance.now();
  const response = await getSignedIn(url, cookie);
  const html = await response.text();
  const end = performance.now();
  const calls = upstreams.takeCalls().filter((c) => c.start >= start && c.end <= end);
  return { ms: end - start, bytes: Buffer.byteLength(html), upstreamMs: unionMs(calls), calls, start, end };
}

function portalGaps(render: Render): OverheadResult["portalMs"] {
  const calls = [...render.calls].sort((a, b) => a.start - b.start);
  const first = calls[0];
  if (!first) return { beforeFirstCall: round(render.ms), betweenCalls: 0, afterLastCall: 0 };
  const lastEnd = Math.max(...calls.map((c) => c.end));
  const before = first.start - render.start;
  const after = render.end - lastEnd;
  return {
    beforeFirstCall: round(before),
    betweenCalls: round(render.ms - before - after - render.upstreamMs),
    afterLastCall: round(after),
  };
}

/** Every platform call waits `latencyMs` and none fails, until `DELETE /__emulator/faults`. */
export async function setUpstreamLatency(upstreams: BenchUpstreams, latencyMs: number): Promise<void> {
  const set = await upstreams.call("PUT", "/__emulator/faults", { latencyMs, errorRate: 0 });
  if (set.status !== 200) throw new Error(`setting emulator latency failed: ${JSON.stringify(set.json)}`);
}

export async function measureOverhead(
  origin: string,
  cookie: string,
  paths: string[],
  upstreams: BenchUpstreams,
  renders = 20,
): Promise<OverheadResult[]> {
  await setUpstreamLatency(upstreams, UPSTREAM_LATENCY_MS);
  const results: OverheadResult[] = [];
  for (const path of paths) {
    // Warm: compiled route, open DB, cached reference data; the first render pays for those once.
    for (let i = 0; i < 3; i++) await renderOnce(`${origin}${path}`, cookie, upstreams);
    const runs: Render[] = [];
    const before = await scrapeMetrics(origin);
    for (let i = 0; i < renders; i++) runs.push(await renderOnce(`${origin}${path}`, cookie, upstreams));
    const after = before ? await scrapeMetrics(origin) : null;
    const medianRenderMs = median(runs.map((r) => r.ms));
    const medianUpstreamMs = median(runs.map((r) => r.upstreamMs));
    const typical = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)] as Render;
    const ratio = medianRenderMs / medianUpstreamMs;
    results.push({
      page: path,
      renders,
      medianRenderMs: round(medianRenderMs),
      medianUpstreamMs: round(medianUpstreamMs),
      ratio: round(ratio, 2),
      pass: ratio <= OVERHEAD_TARGET,
      upstreamCallsPerRender: round(runs.reduce((sum, r) => sum + r.calls.length, 0) / runs.length, 1),
      timeline: [...typical.calls]
        .sort((a, b) => a.start - b.start)
        .map(
          (c) =>
            `+${Math.round(c.start - typical.start)}..${Math.round(c.end - typical.start)} ms ${describe(c)} → ${c.status}`,
        ),
      portalMs: portalGaps(typical),
      htmlKb: round(typical.bytes / 1024),
      ...(before && after ? { portalCounted: perRequest(before, after, path) } : {}),
    });
  }
  await upstreams.call("DELETE", "/__emulator/faults");
  return results;
}

async function medianGetMs(url: string, cookie: string, times: number): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < times + 3; i++) {
    const started = performance.now();
    await (await getSignedIn(url, cookie)).text();
    if (i >= 3) runs.push(performance.now() - started);
  }
  return round(median(runs));
}

export async function measureFloor(origin: string, cookie: string, times = 20): Promise<PortalFloor> {
  return {
    healthMs: await medianGetMs(`${origin}/api/health`, cookie, times),
    emptyPageMs: await medianGetMs(`${origin}/signin`, "", times),
  };
}
