import "server-only";
import { PlatformResponseError } from "../../errors";
import type { PlatformCall, PlatformRequester } from "../../request";
import { collectCursorPages } from "./paging";
import { AmpecoSession, ampecoList } from "./schemas";

/**
 * Sessions newest first without trusting the platform's order (AMPECO documents none): time windows sorted here. How
 * windows are sized and where history ends: docs/design-notes.md#libplatformdialectsampecosession-walkts.
 */
const SessionListResponse = ampecoList(AmpecoSession);

const SECOND = 1000;
const DAY = 86_400 * SECOND;
const FIRST_WINDOW_MS = 31 * DAY;
const MIN_WINDOW_MS = DAY;
/**
 * What the next window aims to hold: about four and a half cursor pages, so a window's last, partial
 * page costs little. The next span scales by how full the last window was (a quarter to four times).
 */
const TARGET_PER_WINDOW = 450;
const PROBE_SIZE = 5;
/** A walk longer than this is a platform that ignores the date filters: refused, never looped. */
const MAX_WINDOWS = 400;
/** No window reaches before 1970: a platform that keeps offering sessions without a start ends the walk there. */
const EARLIEST_MS = 0;

export type WireQuery = NonNullable<PlatformCall["query"]>;

export interface WalkRange {
  /** Epoch ms, inclusive; unset: from the first session on. */
  after?: number;
  /** Epoch ms, inclusive; unset: up to the latest. */
  before?: number;
}

const toSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;
/** Filter instants to the second, in UTC with `Z` (the platform assumes UTC without an offset). */
export const instant = (ms: number) => new Date(toSecond(ms)).toISOString().replace(/\.\d{3}Z$/, "Z");

const startedMs = (session: AmpecoSession) => (session.startedAt ? Date.parse(session.startedAt) : Number.NaN);

/** Newest first; a session without a start time goes last, ties by id (newest id first). */
export function byNewestStart(a: AmpecoSession, b: AmpecoSession): number {
  const aMs = startedMs(a);
  const bMs = startedMs(b);
  const aKnown = !Number.isNaN(aMs);
  const bKnown = !Number.isNaN(bMs);
  if (aKnown !== bKnown) return aKnown ? -1 : 1;
  if (aKnown && bMs !== aMs) return bMs - aMs;
  return Number(b.id) - Number(a.id) || b.id.localeCompare(a.id);
}

export function parseRange(startedAfter: string | undefined, startedBefore: string | undefined): WalkRange {
  const after = startedAfter === undefined ? Number.NaN : Date.parse(startedAfter);
  const before = startedBefore === undefined ? Number.NaN : Date.parse(startedBefore);
  return {
    ...(Number.isNaN(after) ? {} : { after }),
    ...(Number.isNaN(before) ? {} : { before }),
  };
}

/**
 * Yields the sessions matching `filter` (userId, status) in `range`, one window at a time, each
 * window newest first and every session once.
 */
export async function* sessionsNewestFirst(
  requester: PlatformRequester,
  filter: WireQuery,
  range: WalkRange,
  nowMs: number,
): AsyncGenerator<AmpecoSession[], void, undefined> {
  const seen = new Set<string>();
  const read = (query: WireQuery) =>
    collectCursorPages(requester, { endpoint: "sessions.list", query, schema: SessionListResponse }, (s) => s);

  let end = range.before;
  let reference = range.before ?? nowMs;
  let span = FIRST_WINDOW_MS;
  for (let windows = 0; windows < MAX_WINDOWS; windows++) {
    const start = Math.max(range.after ?? EARLIEST_MS, reference - span, EARLIEST_MS);
    const window = await read({
      ...filter,
      "filter[startedAfter]": instant(start),
      "filter[startedBefore]": end === undefined ? undefined : instant(end),
    });
    if (window.some((s) => outside(s, start, end))) {
      // The date filters were ignored, so the read was the whole list: sorted here, and done.
      yield window.filter((s) => !seen.has(s.id) && !outside(s, range.after, range.before)).sort(byNewestStart);
      return;
    }
    const fresh = window.filter((s) => !seen.has(s.id));
    for (const session of fresh) seen.add(session.id);
    if (fresh.length > 0) yield fresh.sort(byNewestStart);
    if ((range.after !== undefined && start <= range.after) || start <= EARLIEST_MS) return;

    if (fresh.length === 0) {
      // One page of at most PROBE_SIZE is enough: any older session will do as a landmark.
      const probe = await firstPage(requester, { ...filter, "filter[startedBefore]": instant(start) }, PROBE_SIZE);
      const older = probe.filter((s) => !seen.has(s.id));
      if (older.length === 0 && probe.length < PROBE_SIZE) return;
      // The newest of them: the next window reaches it, and no further than it must.
      const landmarks = older.map(startedMs).filter((ms) => !Number.isNaN(ms) && ms < start);
      const landmark = landmarks.length > 0 ? Math.max(...landmarks) : start;
      span = Math.max(span * 2, start - landmark + SECOND);
    } else {
      const scale = Math.min(4, Math.max(0.25, TARGET_PER_WINDOW / fresh.length));
      span = Math.max(MIN_WINDOW_MS, Math.round(span * scale));
    }
    end = start;
    reference = start;
  }
  throw new PlatformResponseError("sessions.list", "the session walk did not end (are the date filters ignored?)");
}

/** Whether a session lies outside [after, before] as the platform compares them (to the second, inclusive). */
function outside(session: AmpecoSession, after: number | undefined, before: number | undefined): boolean {
  const ms = startedMs(session);
  if (Number.isNaN(ms)) return false;
  return (after !== undefined && ms < toSecond(after)) || (before !== undefined && ms > toSecond(before));
}

/** The first cursor page only, of `size` items. */
async function firstPage(requester: PlatformRequester, query: WireQuery, size: number): Promise<AmpecoSession[]> {
  const { data } = await requester.request({
    endpoint: "sessions.list",
    query: { ...query, cursor: "", per_page: size },
    schema: SessionListResponse,
  });
  return data.data;
}
