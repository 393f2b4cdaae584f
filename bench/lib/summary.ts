import type { PackResult } from "../phases/expense-pack";
import type { ExportResult } from "../phases/export";
import type { LighthousePage } from "../phases/lighthouse";
import type { LiveResult } from "../phases/live";
import type { InstancesResult } from "../phases/instances";
import type { LoadResult } from "../phases/load";
import type { MapResult } from "../phases/map";
import { printInstances } from "./instances-summary";
import { OVERHEAD_TARGET, type OverheadResult, type PortalFloor } from "../phases/overhead";
import type { VisitResult } from "../phases/visit";

/** The shape of bench/results/latest.json and its printed summary. */

export interface BundleRow {
  route: string;
  firstLoadKb: number;
  lazyKb: number;
  countedKb: number;
  budgetKb: number | null;
  leafletInFirstLoad: boolean;
  leafletLazy: boolean;
}

export interface BenchResults {
  date: string;
  command: string;
  commit: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
  };
  upstreamLatencyMs: number;
  built?: boolean;
  bundle?: { rows: BundleRow[]; failures: string[] };
  overhead?: OverheadResult[];
  floor?: PortalFloor;
  visit?: VisitResult;
  export?: ExportResult;
  pack?: PackResult;
  map?: MapResult;
  load?: LoadResult;
  lighthouse?: LighthousePage[];
  lighthouseError?: string;
  instances?: InstancesResult;
  /** Why the instances phase did not run (no nginx, no Postgres). */
  instancesSkipped?: string;
  live?: LiveResult;
  durationSeconds?: number;
}

const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

export function printSummary(r: BenchResults): void {
  console.log(
    `\n=== Bench ${r.date} (commit ${r.commit}, ${r.machine.cpus} cores, ${r.machine.node}, load average ${r.machine.loadAverageAtStart.join(" ")} → ${(r.machine.loadAverageAtEnd ?? []).join(" ")}) ===`,
  );
  if (r.overhead) {
    console.log(`\nPortal overhead (upstream latency ${r.upstreamLatencyMs} ms, target ≤ ${OVERHEAD_TARGET}):`);
    for (const o of r.overhead) {
      console.log(
        `  ${o.page.padEnd(10)} render ${o.medianRenderMs} ms / upstream ${o.medianUpstreamMs} ms = ${o.ratio}  ${verdict(o.pass)}  (${o.upstreamCallsPerRender} calls; portal ms before/between/after calls: ${o.portalMs.beforeFirstCall}/${o.portalMs.betweenCalls}/${o.portalMs.afterLastCall})`,
      );
      if (o.portalCounted)
        console.log(
          `      the portal counted (/api/metrics): ${o.portalCounted.requests} requests, mean ${o.portalCounted.meanMs} ms, ${o.portalCounted.platformCallsPerRequest} platform calls each`,
        );
      for (const step of o.timeline) console.log(`      ${step}`);
    }
    if (r.floor)
      console.log(
        `  floor without upstream calls: GET /api/health ${r.floor.healthMs} ms, GET /signin (a page, signed out) ${r.floor.emptyPageMs} ms`,
      );
  }
  if (r.visit) printVisit(r.visit);
  if (r.load) {
    const l = r.load;
    console.log(
      `\nLoad (${l.connections} drivers, ${l.durationSeconds} s, GET ${l.path}): ${Math.round(l.requestsPerSecond)} req/s, p50 ${l.latencyMs.p50} ms, p95 ${l.latencyMs.p95} ms, p99 ${l.latencyMs.p99} ms; errors ${l.errors}, timeouts ${l.timeouts}, non-2xx ${l.non2xx}; portal CPU ${l.portalCpuCores} cores  ${verdict(l.pass)}` +
        (l.afterFirstWave
          ? `\n  after the first ${l.connections} answers (the cold start's burst): p50 ${l.afterFirstWave.p50} ms, p99 ${l.afterFirstWave.p99} ms (${(l.afterFirstWave.p99 / l.afterFirstWave.p50).toFixed(2)}× the median), max ${l.afterFirstWave.max} ms`
          : ""),
    );
  }
  if (r.instances) printInstances(r.instances, r.machine.cpus);
  if (r.live) printLive(r.live);
  if (r.instancesSkipped) console.log(`\nInstances: skipped: ${r.instancesSkipped}`);
  if (r.export) {
    console.log("\nCSV export:");
    for (const e of r.export.runs) {
      console.log(
        `  ${String(e.sessions).padStart(6)} sessions: ${e.seconds} s, first byte ${e.firstByteMs} ms, ${e.rowsPerSecond} rows/s (portal-only ${e.portalRowsPerSecond} rows/s); RSS ${e.rssBeforeMb} → peak ${e.rssPeakMb} MB (+${e.rssDeltaMb} MB); live heap +${String(e.liveHeapPeakDeltaMb)} MB peak, +${String(e.liveHeapAfterDeltaMb)} MB after`,
      );
    }
    console.log(`  peak RSS ${r.export.rssFlat ? "flat" : "NOT flat"}: ${r.export.rssCriterion}`);
    console.log(
      `  live heap ${r.export.liveHeapFlat === null ? "not measured" : r.export.liveHeapFlat ? "flat" : "NOT flat"}: ${r.export.liveHeapCriterion}`,
    );
  }
  if (r.pack) {
    console.log("\nExpense pack (summary, one receipt per session, CSV):");
    for (const e of r.pack.runs) {
      console.log(
        `  ${String(e.sessions).padStart(6)} sessions: ${e.seconds} s, first byte ${e.firstByteMs} ms, ${e.receiptsPerSecond} receipts/s, ${Math.round(e.bytes / 1024)} KiB; RSS ${e.rssBeforeMb} → peak ${e.rssPeakMb} MB (+${e.rssDeltaMb} MB); live heap +${String(e.liveHeapPeakDeltaMb)} MB peak, +${String(e.liveHeapAfterDeltaMb)} MB after`,
      );
    }
    console.log(
      `  live heap ${r.pack.liveHeapFlat === null ? "not measured" : r.pack.liveHeapFlat ? "flat" : "NOT flat"}: ${r.pack.liveHeapCriterion}`,
    );
  }
  if (r.map) {
    const m = r.map;
    console.log(
      `\nMap: ${m.pans} pans in one tile → ${m.upstreamPoiCalls} upstream POI call(s), ${m.upstreamReferenceCalls} reference call(s); warm /api/map/points p50 ${m.latencyMs.p50} ms, p95 ${m.latencyMs.p95} ms (${m.warmRequests} requests)`,
    );
  }
  if (r.bundle) {
    console.log("\nBundle (first-load JS, gzip):");
    for (const b of r.bundle.rows.filter((row) => row.budgetKb !== null)) {
      console.log(
        `  ${b.route.padEnd(16)} ${b.countedKb} KB / ${b.budgetKb} KB  ${verdict(b.countedKb <= (b.budgetKb ?? Infinity))}${b.lazyKb > 0 ? ` (first load ${b.firstLoadKb} + lazy ${b.lazyKb})` : ""}`,
      );
    }
    if (r.bundle.failures.length > 0) console.log(`  failures: ${r.bundle.failures.join("; ")}`);
  }
  if (r.lighthouse) {
    console.log("\nLighthouse (mobile, simulated throttling; median of the runs):");
    for (const p of r.lighthouse) {
      console.log(
        `  ${p.page.padEnd(10)} performance ${String(p.scores.performance)} (runs ${p.performanceScores.map(String).join("/")}), accessibility ${String(p.scores.accessibility)}, best practices ${String(p.scores["best-practices"])}${p.runErrors.length > 0 ? ` (broken runs: ${p.runErrors.join("; ")})` : ""}`,
      );
      console.log(
        `  ${"".padEnd(10)} runs (score/LCP ms/TBT ms): ${p.runMetrics.map((m) => `${String(m.performance)}/${String(m.lcpMs)}/${String(m.tbtMs)}`).join(", ")}`,
      );
    }
  }
  if (r.lighthouseError) console.log(`\nLighthouse could not run: ${r.lighthouseError}`);
}

function printVisit(v: VisitResult): void {
  console.log(`\nA driver's visit (issue 37; one driver, pages one after another, the session ${v.sessionPath}):`);
  for (const run of v.runs) {
    console.log(
      `  upstream ${run.upstreamLatencyMs} ms: portal CPU ${run.cpuMsPerVisit} ms per visit, visit median ${run.medianVisitMs} ms, ${run.upstreamCallsPerVisit} platform calls (${run.visits} visits after ${v.warmVisits} warm)`,
    );
    for (const p of run.pages)
      console.log(
        `      ${p.page.padEnd(18)} median ${p.medianMs} ms (upstream ${p.medianUpstreamMs} ms, ${p.upstreamCallsPerRender} calls, ${p.htmlKb} KB)`,
      );
  }
}

function printLive(l: LiveResult): void {
  const { polling: p, push: q } = l;
  const figures = q
    ? `push ${q.platformCallsPerMinute} calls/min = ${l.ratio === null ? "∞ (push made none)" : `${l.ratio}×`} fewer  ${verdict(l.pass.calls)}; change → browser median ${q.latencyMs.median} ms, p95 ${q.latencyMs.p95} ms (${q.latencyMs.count} events)  ${verdict(l.pass.latency)}`
    : `push NOT MEASURED: ${l.pushError ?? "unknown"}  FAIL`;
  console.log(
    `\nLive (issue 27; ${l.watchers} drivers watching a running session, ${p.seconds} s windows): polling every ${l.pollIntervalMs} ms ${p.platformCallsPerMinute} platform calls/min, ${figures}`,
  );
  console.log(
    `  polling: ${p.portalRequests} portal requests (${p.portalErrors} errors, ${p.answersWithRunningSession} listed the running session), calls ${JSON.stringify(p.callsByPath)}, load ${p.loadAverageStart.join(" ")} → ${p.loadAverageEnd.join(" ")}`,
  );
  if (q)
    console.log(
      `  push: ${q.streamsOpen} streams, ${q.ticks} looks every ${l.tickMs} ms, ${q.callbacksSent} callbacks answered ${JSON.stringify(q.callbackStatuses)} (a look's callbacks all answered in median ${q.tickDeliveryMs.median} ms, max ${q.tickDeliveryMs.max} ms; a look's first event in median ${q.firstEventOfLookMs.median} ms, max ${q.firstEventOfLookMs.max} ms), events ${q.events} (unmatched ${q.unmatchedEvents}, missing ${q.missingEvents}), latency max ${q.latencyMs.max} ms, calls ${JSON.stringify(q.callsByPath)}, load ${q.loadAverageStart.join(" ")} → ${q.loadAverageEnd.join(" ")}`,
    );
}
