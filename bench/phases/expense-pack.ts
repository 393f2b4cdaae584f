import { getSignedIn, signIn } from "../lib/auth";
import type { BenchUpstreams } from "../lib/emulators";
import type { HeapProbe } from "../lib/inspector";
import { rssNow, sampleRss } from "../lib/portal";
import { round } from "../lib/stats";
import { createDriver, LIVE_FLOOR_MB, probeLiveHeap, type DownloadMemory } from "./export";

/**
 * The expense pack of N finished sessions (summary.pdf, N receipts, sessions.csv in one ZIP): time,
 * size and the portal's memory while it streams. Same two memory readings as the CSV export (peak
 * RSS, and the live heap under forced GCs); the pack is flat when the 5,000-session pack's live-heap
 * peak stays within 1.5 × that of the 500-session pack (or of the noise floor).
 */

export const PACK_SIZES = [500, 5_000] as const;
const MB = 1024 * 1024;

export interface PackRun extends DownloadMemory {
  sessions: number;
  seconds: number;
  firstByteMs: number;
  receiptsPerSecond: number;
  bytes: number;
}

export interface PackResult {
  runs: PackRun[];
  liveHeapCriterion: string;
  liveHeapFlat: boolean | null;
}

/** The whole history: `filters` without a range has no one-year limit, so all N sessions are in the pack. */
const PACK_URL = "/api/sessions/expense-pack?period=filters";

async function download(origin: string, cookie: string) {
  const started = performance.now();
  const response = await getSignedIn(`${origin}${PACK_URL}`, cookie);
  if (response.status !== 200 || !response.body) throw new Error(`expense pack answered ${response.status}`);
  let bytes = 0;
  let firstByteMs = 0;
  // Counted as it streams, never held.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    firstByteMs ||= performance.now() - started;
    bytes += chunk.byteLength;
  }
  return { bytes, firstByteMs, seconds: (performance.now() - started) / 1000 };
}

export async function measureExpensePack(
  origin: string,
  pid: number,
  upstreams: BenchUpstreams,
  heap: HeapProbe | null,
): Promise<PackResult> {
  await upstreams.call("DELETE", "/__emulator/faults");
  const cookies = new Map<number, string>();
  for (const size of PACK_SIZES) cookies.set(size, await signIn(origin, await createDriver(upstreams, size, "pack")));
  // One untimed pack first: the route's first request loads pdfkit and compiles its module.
  await download(origin, cookies.get(PACK_SIZES[0]) as string);
  const runs: PackRun[] = [];
  for (const size of PACK_SIZES) {
    const cookie = cookies.get(size) as string;
    if (heap) await heap.liveHeapBytes();
    const rssBefore = await rssNow(pid);
    const sampler = sampleRss(pid, 20);
    const timed = await download(origin, cookie);
    const peak = await sampler.stop();
    const probe = heap
      ? await probeLiveHeap(heap, () => download(origin, cookie))
      : { liveHeapBeforeMb: null, liveHeapPeakDeltaMb: null, liveHeapAfterDeltaMb: null };
    const run: PackRun = {
      sessions: size,
      seconds: round(timed.seconds, 2),
      firstByteMs: round(timed.firstByteMs),
      receiptsPerSecond: Math.round(size / timed.seconds),
      bytes: timed.bytes,
      rssBeforeMb: round(rssBefore / MB),
      rssPeakMb: round(peak / MB),
      rssDeltaMb: round((peak - rssBefore) / MB),
      ...probe,
    };
    runs.push(run);
    console.log(
      `[bench] expense pack ${size}: ${run.seconds} s (${run.receiptsPerSecond} receipts/s), ${round(run.bytes / MB)} MB, RSS peak ${run.rssPeakMb} MB (+${run.rssDeltaMb}), live heap +${String(run.liveHeapPeakDeltaMb)} MB`,
    );
  }
  const small = runs[0] as PackRun;
  const large = runs[runs.length - 1] as PackRun;
  const allowance = 1.5 * Math.max(small.liveHeapPeakDeltaMb ?? 0, LIVE_FLOOR_MB);
  return {
    runs,
    liveHeapCriterion: `peak live-heap delta of the ${large.sessions}-session pack ≤ 1.5 × max(that of the ${small.sessions}-session pack, ${LIVE_FLOOR_MB} MB) = ${round(allowance)} MB`,
    liveHeapFlat: large.liveHeapPeakDeltaMb === null ? null : large.liveHeapPeakDeltaMb <= allowance,
  };
}
