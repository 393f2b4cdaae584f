import { getSignedIn } from "../lib/auth";
import { treeCpuSeconds } from "../lib/cpu";
import type { BenchUpstreams } from "../lib/emulators";
import { median, round } from "../lib/stats";
import { renderOnce, setUpstreamLatency, UPSTREAM_LATENCY_MS, type Render } from "./overhead";

/**
 * Issue 37, a driver's visit: one signed-in driver clicks through the pages below one after another,
 * each read to its last byte, as a browser would load them. Per upstream latency (0 and 50 ms): the
 * median time of each page and the portal's CPU time per whole visit (its process tree's time from
 * /proc over N visits, divided by N; the cores are shared, so CPU time, not wall time, is the work).
 * /account/payments is the ampeco dialect's ledger; on the contract it answers the "no ledger" page,
 * and it is requested anyway: it is what a driver clicks.
 */

/** Where the visit opens one session; the session is the first one the driver's /sessions page links to. */
export const SESSION_PAGE = "/sessions/{id}";
export const VISIT_PAGES = ["/account", "/cards", "/sessions", SESSION_PAGE, "/vouchers", "/account/payments"] as const;
export const VISIT_LATENCIES_MS = [0, UPSTREAM_LATENCY_MS] as const;
/** Visits before each timed run: compiled routes, open database, cached reference data. */
export const WARM_VISITS = 2;

export interface VisitPage {
  page: string;
  medianMs: number;
  medianUpstreamMs: number;
  upstreamCallsPerRender: number;
  htmlKb: number;
}

export interface VisitRun {
  upstreamLatencyMs: number;
  visits: number;
  /** The portal's CPU time over the timed visits (process tree, user + system, /proc) ÷ visits. */
  cpuMsPerVisit: number;
  /** The median of the visits' summed page times. */
  medianVisitMs: number;
  upstreamCallsPerVisit: number;
  pages: VisitPage[];
}

export interface VisitResult {
  /** The session the visit opens, e.g. `/sessions/1234`. */
  sessionPath: string;
  warmVisits: number;
  runs: VisitRun[];
}

/** The first session a page links to (`/sessions/1234`), or null. Pure. */
export function firstSessionPath(html: string): string | null {
  return /href="(\/sessions\/[^"?#/]+)"/.exec(html)?.[1] ?? null;
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The figures of N visits, each the renders of VISIT_PAGES in order, and the portal CPU seconds they took. Pure. */
export function summariseVisits(upstreamLatencyMs: number, visits: readonly Render[][], cpuSeconds: number): VisitRun {
  if (visits.length === 0) throw new Error("no visits to summarise");
  const sum = (renders: readonly Render[], of: (render: Render) => number) =>
    renders.reduce((total, render) => total + of(render), 0);
  return {
    upstreamLatencyMs,
    visits: visits.length,
    cpuMsPerVisit: round((cpuSeconds * 1000) / visits.length),
    medianVisitMs: round(median(visits.map((visit) => sum(visit, (r) => r.ms)))),
    upstreamCallsPerVisit: round(mean(visits.map((visit) => sum(visit, (r) => r.calls.length))), 1),
    pages: VISIT_PAGES.map((page, index) => {
      const renders = visits.map((visit) => {
        const render = visit[index];
        if (!render) throw new Error(`a visit without ${page}`);
        return render;
      });
      return {
        page,
        medianMs: round(median(renders.map((r) => r.ms))),
        medianUpstreamMs: round(median(renders.map((r) => r.upstreamMs))),
        upstreamCallsPerRender: round(mean(renders.map((r) => r.calls.length)), 1),
        htmlKb: round(median(renders.map((r) => r.bytes)) / 1024),
      };
    }),
  };
}

async function visitOnce(origin: string, cookie: string, sessionPath: string, upstreams: BenchUpstreams) {
  const renders: Render[] = [];
  for (const page of VISIT_PAGES)
    renders.push(await renderOnce(`${origin}${page === SESSION_PAGE ? sessionPath : page}`, cookie, upstreams));
  return renders;
}

export async function measureVisit(
  origin: string,
  portalPid: number,
  cookie: string,
  upstreams: BenchUpstreams,
  visits = 20,
): Promise<VisitResult> {
  await upstreams.call("DELETE", "/__emulator/faults");
  const sessionPath = firstSessionPath(await (await getSignedIn(`${origin}/sessions`, cookie)).text());
  if (!sessionPath) throw new Error("the driver's /sessions page links no session: the visit needs one");
  const runs: VisitRun[] = [];
  try {
    for (const latencyMs of VISIT_LATENCIES_MS) {
      await setUpstreamLatency(upstreams, latencyMs);
      for (let i = 0; i < WARM_VISITS; i++) await visitOnce(origin, cookie, sessionPath, upstreams);
      const timed: Render[][] = [];
      const cpuBefore = treeCpuSeconds(portalPid);
      for (let i = 0; i < visits; i++) timed.push(await visitOnce(origin, cookie, sessionPath, upstreams));
      runs.push(summariseVisits(latencyMs, timed, treeCpuSeconds(portalPid) - cpuBefore));
    }
  } finally {
    await upstreams.call("DELETE", "/__emulator/faults");
  }
  return { sessionPath, warmVisits: WARM_VISITS, runs };
}
