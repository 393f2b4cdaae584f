import { getSignedIn, signIn } from "../lib/auth";
import type { BenchUpstreams } from "../lib/emulators";
import type { HeapProbe } from "../lib/inspector";
import { rssNow, sampleRss } from "../lib/portal";
import { round, unionMs } from "../lib/stats";

/**
 * CSV export of N sessions: rows per second and the portal's memory during the download.
 * Each size gets its own platform driver (created through the platform API, sessions added through
 * the control API in its batches of at most 500), linked to a portal account on first sign-in.
 *
 * Memory is measured twice, because peak RSS alone cannot tell memory the export holds from
 * garbage V8 has not collected yet (a 50,000-row export allocates ~100 MB of short-lived objects
 * and may finish before V8's next full GC):
 * - timed run: the portal's RSS sampled every 20 ms, peak minus the reading just before;
 * - probe run: through the inspector, a full GC every 250 ms and the live V8 heap after it,
 *   peak minus the GC'd heap before the export. This is what the export keeps in memory.
 */

export const EXPORT_SIZES = [1_000, 10_000, 50_000] as const;
const BATCH = 500;
const MB = 1024 * 1024;
const HOUR = 3_600_000;
/** Live-heap deltas below this are noise (a page of sessions in flight is ~1 MB); the criterion starts here. */
export const LIVE_FLOOR_MB = 4;

/** The two memory readings of a download (see above): peak RSS, and the live heap under forced GCs. */
export interface DownloadMemory {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssDeltaMb: number;
  liveHeapBeforeMb: number | null;
  liveHeapPeakDeltaMb: number | null;
  liveHeapAfterDeltaMb: number | null;
}

export interface ExportRun extends DownloadMemory {
  sessions: number;
  rows: number;
  seconds: number;
  firstByteMs: number;
  rowsPerSecond: number;
  upstreamSeconds: number;
  /** Rows over the time the portal itself spent (total minus platform calls in flight). */
  portalRowsPerSecond: number;
  upstreamCalls: number;
  bytes: number;
}

export interface ExportResult {
  runs: ExportRun[];
  rssCriterion: string;
  rssFlat: boolean;
  liveHeapCriterion: string;
  liveHeapFlat: boolean | null;
}

/** A platform driver with `sessions` finished sessions, 3 h apart back from now; its e-mail. */
export async function createDriver(upstreams: BenchUpstreams, sessions: number, prefix = "export"): Promise<string> {
  const email = `${prefix}-${sessions}@example.com`;
  const created = await upstreams.call("POST", "/public-api/resources/users/v1.1", {
    email,
    password: "bench-password-1",
    first_name: "Export",
    last_name: `Driver ${sessions}`,
  });
  if (created.status !== 201) throw new Error(`creating ${email}: ${created.status} ${JSON.stringify(created.json)}`);
  const id = (created.json as { data: { id: string | number } }).data.id;
  // Each batch continues back in time where the last one ended (sessions 3 h apart, newest first),
  // so the list is already in the emulator's order: its per-page sort then costs O(n), not
  // O(n log n) with a date parse per comparison (~100 ms a page at 50,000, which the export would wait for).
  for (let added = 0; added < sessions; added += BATCH) {
    const startedAt = new Date(Date.now() - HOUR * (3 + 3 * added)).toISOString();
    const batch = await upstreams.call("POST", `/__emulator/users/${id}/sessions`, {
      count: Math.min(BATCH, sessions - added),
      startedAt,
    });
    if (batch.status !== 201)
      throw new Error(`adding sessions to ${email}: ${batch.status} ${JSON.stringify(batch.json)}`);
  }
  return email;
}

interface Download {
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
}

async function download(origin: string, cookie: string): Promise<Download> {
  const started = performance.now();
  const response = await getSignedIn(`${origin}/api/sessions/export`, cookie);
  if (!response.body) throw new Error("export answered without a body");
  let lines = 0;
  let bytes = 0;
  let firstByteMs = 0;
  // Counted as it streams, never held: the bench must not be the thing that grows.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    firstByteMs ||= performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000, firstByteMs };
}

async function timedRun(origin: string, cookie: string, pid: number, upstreams: BenchUpstreams) {
  const rssBefore = await rssNow(pid);
  const sampler = sampleRss(pid, 20);
  upstreams.takeCalls();
  const result = await download(origin, cookie);
  const peak = await sampler.stop();
  const calls = upstreams.takeCalls();
  const upstreamSeconds = unionMs(calls) / 1000;
  return {
    ...result,
    upstreamSeconds,
    upstreamCalls: calls.length,
    rssBeforeMb: round(rssBefore / MB),
    rssPeakMb: round(peak / MB),
    rssDeltaMb: round((peak - rssBefore) / MB),
  };
}

/** Live heap before, at its peak during, and after `run` (a download), each after a forced full GC. */
export async function probeLiveHeap(heap: HeapProbe, run: () => Promise<unknown>) {
  const before = await heap.liveHeapBytes();
  let peak = before;
  let done = false;
  const probing = (async () => {
    while (!done) {
      peak = Math.max(peak, await heap.liveHeapBytes());
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    await run();
  } finally {
    done = true;
    await probing;
  }
  const after = await heap.liveHeapBytes();
  return {
    liveHeapBeforeMb: round(before / MB),
    liveHeapPeakDeltaMb: round((peak - before) / MB),
    liveHeapAfterDeltaMb: round((after - before) / MB),
  };
}

export async function measureExport(
  origin: string,
  pid: number,
  upstreams: BenchUpstreams,
  heap: HeapProbe | null,
): Promise<ExportResult> {
  await upstreams.call("DELETE", "/__emulator/faults");
  const cookies = new Map<number, string>();
  for (const size of EXPORT_SIZES) cookies.set(size, await signIn(origin, await createDriver(upstreams, size)));
  // One untimed export first: the route's first request loads and compiles its module.
  await download(origin, cookies.get(EXPORT_SIZES[0]) as string);
  const runs: ExportRun[] = [];
  for (const size of EXPORT_SIZES) {
    const cookie = cookies.get(size) as string;
    // Every timed run starts right after a full GC, so each peak counts only its own allocations.
    if (heap) await heap.liveHeapBytes();
    const timed = await timedRun(origin, cookie, pid, upstreams);
    if (timed.rows !== size) throw new Error(`export of ${size} sessions gave ${timed.rows} rows`);
    const probe = heap
      ? await probeLiveHeap(heap, () => download(origin, cookie))
      : { liveHeapBeforeMb: null, liveHeapPeakDeltaMb: null, liveHeapAfterDeltaMb: null };
    const run: ExportRun = {
      sessions: size,
      rows: timed.rows,
      seconds: round(timed.seconds, 2),
      firstByteMs: round(timed.firstByteMs),
      rowsPerSecond: Math.round(timed.rows / timed.seconds),
      upstreamSeconds: round(timed.upstreamSeconds, 2),
      portalRowsPerSecond: Math.round(timed.rows / Math.max(0.001, timed.seconds - timed.upstreamSeconds)),
      upstreamCalls: timed.upstreamCalls,
      bytes: timed.bytes,
      rssBeforeMb: timed.rssBeforeMb,
      rssPeakMb: timed.rssPeakMb,
      rssDeltaMb: timed.rssDeltaMb,
      ...probe,
    };
    runs.push(run);
    console.log(
      `[bench] export ${size}: ${run.rowsPerSecond} rows/s, first byte ${run.firstByteMs} ms, RSS +${run.rssDeltaMb} MB, live heap +${String(run.liveHeapPeakDeltaMb)} MB`,
    );
  }
  const small = runs[0] as ExportRun;
  const large = runs[runs.length - 1] as ExportRun;
  const liveAllowance = 1.5 * Math.max(small.liveHeapPeakDeltaMb ?? 0, LIVE_FLOOR_MB);
  return {
    runs,
    rssCriterion: `peak-RSS delta of the ${large.sessions} export ≤ 1.5 × that of the ${small.sessions} export (${round(1.5 * small.rssDeltaMb)} MB)`,
    rssFlat: large.rssDeltaMb <= 1.5 * small.rssDeltaMb,
    liveHeapCriterion: `peak live-heap delta (forced GC every 250 ms) of the ${large.sessions} export ≤ 1.5 × max(that of the ${small.sessions} export, ${LIVE_FLOOR_MB} MB) = ${round(liveAllowance)} MB`,
    liveHeapFlat: large.liveHeapPeakDeltaMb === null ? null : large.liveHeapPeakDeltaMb <= liveAllowance,
  };
}
