import "server-only";
import type { ChargingLocation, ChargingSession, Page } from "@/lib/platform/types";
import { keptPerClient } from "@/lib/platform/kept-per-client";
import { defaultSessionDeps, logSessionError, type SessionDeps } from "./deps";
import {
  hasRangeFilter,
  matchesSessionFilter,
  rangeToInstants,
  type SessionListFilter,
  type SessionRangeFilter,
  type StartInstants,
} from "./filters";
import { describeLocation, type SessionLocationState } from "./location";
import { currentMonthStart, MonthlyAggregator, monthlyWindowStart, type MonthlyTotal } from "./monthly";
import { confirmSessionOwnership, rememberSessionOwnership } from "./ownership";

/**
 * A driver's sessions, scoped to a platform user id. Filters beyond `filter[userId]` are sent but checked here too
 * (docs/design-notes.md#libfeaturessessionsservicets).
 */

export type DriverSessionFilter = SessionListFilter;

function platformQuery(platformUserId: number, filter: SessionRangeFilter, instants: StartInstants) {
  return { userId: platformUserId, status: filter.status, ...instants };
}

async function paginateLocally(
  platformUserId: number,
  filter: DriverSessionFilter,
  instants: StartInstants,
  deps: SessionDeps,
): Promise<Page<ChargingSession>> {
  const first = (filter.page - 1) * filter.perPage;
  const items: ChargingSession[] = [];
  let total = 0;
  for await (const session of deps.platform.sessions.iterateSessions(platformQuery(platformUserId, filter, instants), {
    perPage: 100,
  })) {
    if (!matchesSessionFilter(session, { status: filter.status, ...instants })) continue;
    if (total >= first && items.length < filter.perPage) items.push(session);
    total += 1;
  }
  const lastPage = Math.max(1, Math.ceil(total / filter.perPage));
  return { items, page: filter.page, perPage: filter.perPage, total, lastPage, hasNext: filter.page < lastPage };
}

export async function listDriverSessions(
  platformUserId: number,
  filter: DriverSessionFilter,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<Page<ChargingSession>> {
  const instants = rangeToInstants(filter);
  const page = await deps.platform.sessions.listSessions({
    ...platformQuery(platformUserId, filter, instants),
    page: filter.page,
    perPage: filter.perPage,
  });
  const honoured =
    !hasRangeFilter(filter) || page.items.every((s) => matchesSessionFilter(s, { status: filter.status, ...instants }));
  const result = honoured ? page : await paginateLocally(platformUserId, filter, instants, deps);
  // Everything in the driver's own list is theirs: a click through to the detail needs no scan.
  await rememberSessionOwnership(
    platformUserId,
    result.items.map((s) => s.id),
    deps,
  );
  return result;
}

/** The session when it is the driver's own, else null (also for ids the platform does not know). */
export async function getOwnedSession(
  platformUserId: number,
  sessionId: string,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<ChargingSession | null> {
  if (!(await confirmSessionOwnership(platformUserId, sessionId, deps))) return null;
  return deps.platform.sessions.getSession(sessionId);
}

/** Every matching session, a platform page at a time (filtered here, so pages may be short), read lazily. */
export async function* iterateDriverSessionPages(
  platformUserId: number,
  filter: SessionRangeFilter & StartInstants,
  deps: SessionDeps = defaultSessionDeps(),
): AsyncGenerator<ChargingSession[], void, undefined> {
  const instants = rangeToInstants(filter);
  // An explicit lower bound and a `from` day may both be given: the later one bounds the walk.
  if (
    filter.startedAfter &&
    (!instants.startedAfter || Date.parse(filter.startedAfter) > Date.parse(instants.startedAfter))
  ) {
    instants.startedAfter = filter.startedAfter;
  }
  if (
    filter.startedBefore &&
    (!instants.startedBefore || Date.parse(filter.startedBefore) < Date.parse(instants.startedBefore))
  ) {
    instants.startedBefore = filter.startedBefore;
  }
  const check = { status: filter.status, ...instants };
  for await (const page of deps.platform.sessions.iterateSessionPages(platformQuery(platformUserId, filter, instants), {
    perPage: 100,
  })) {
    yield page.filter((session) => matchesSessionFilter(session, check));
  }
}

/** The same walk, session by session. */
export async function* iterateDriverSessions(
  platformUserId: number,
  filter: SessionRangeFilter & StartInstants,
  deps: SessionDeps = defaultSessionDeps(),
): AsyncGenerator<ChargingSession, void, undefined> {
  for await (const page of iterateDriverSessionPages(platformUserId, filter, deps)) {
    for (const session of page) yield session;
  }
}

export interface SessionsOverview {
  monthly: MonthlyTotal[];
  /** Running sessions, found on the same walk (a running session started within the window). */
  running: ChargingSession[];
}

/** Pages fetched at once after the first: enough to hide latency, few enough to respect rate limits. */
const WINDOW_PAGE_CONCURRENCY = 4;

/**
 * Page 1 gives the page count, so the rest are fetched together (a sequential walk cost a round trip per page). Without
 * a count it follows `links.next`.
 */
async function sessionsStartedAfter(
  platformUserId: number,
  startedAfter: string,
  deps: SessionDeps,
): Promise<ChargingSession[]> {
  const query = { userId: platformUserId, startedAfter, perPage: 100 };
  const first = await deps.platform.sessions.listSessions({ ...query, page: 1 });
  if (first.lastPage === null && first.hasNext) {
    const all: ChargingSession[] = [];
    for await (const session of iterateDriverSessions(platformUserId, { startedAfter }, deps)) all.push(session);
    return all;
  }
  const pages: ChargingSession[][] = [first.items];
  const remaining = Array.from({ length: Math.max(0, (first.lastPage ?? 1) - 1) }, (_, i) => i + 2);
  const workers = Array.from({ length: Math.min(WINDOW_PAGE_CONCURRENCY, remaining.length) }, async () => {
    for (let next = remaining.shift(); next !== undefined; next = remaining.shift()) {
      pages[next - 1] = (await deps.platform.sessions.listSessions({ ...query, page: next })).items;
    }
  });
  await Promise.all(workers);
  // A platform that ignores the date filter returns older sessions too: keep only the window.
  return pages.flat().filter((session) => matchesSessionFilter(session, { startedAfter }));
}

/** One walk over the last 12 months gives both the monthly chart and the running sessions. */
export async function getSessionsOverview(
  platformUserId: number,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<SessionsOverview> {
  const now = deps.now();
  const aggregator = new MonthlyAggregator(now);
  const running: ChargingSession[] = [];
  for (const session of await sessionsStartedAfter(platformUserId, monthlyWindowStart(now), deps)) {
    aggregator.add(session);
    if (session.isRunning) running.push(session);
  }
  return { monthly: aggregator.result(), running };
}

/** The account overview's sessions: the newest few, the running ones, and this month's totals. */
export interface SessionsAtAGlance {
  recent: ChargingSession[];
  running: ChargingSession[];
  thisMonth: MonthlyTotal;
}

export const RECENT_SESSIONS_SHOWN = 3;

/** Three reads at once: the first page of the list, the running sessions, and only this month's walk (not 12 months). */
export async function getSessionsAtAGlance(
  platformUserId: number,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<SessionsAtAGlance> {
  const now = deps.now();
  const [recent, running, thisMonthsSessions] = await Promise.all([
    listDriverSessions(platformUserId, { page: 1, perPage: RECENT_SESSIONS_SHOWN }, deps),
    listRunningSessions(platformUserId, deps),
    sessionsStartedAfter(platformUserId, currentMonthStart(now), deps),
  ]);
  const aggregator = new MonthlyAggregator(now);
  for (const session of thisMonthsSessions) aggregator.add(session);
  return { recent: recent.items, running, thisMonth: aggregator.result().at(-1) as MonthlyTotal };
}

/** Running sessions, as the dialect finds them (ampeco: by `filter[status]`, however long ago they started). */
export async function listRunningSessions(
  platformUserId: number,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<ChargingSession[]> {
  return deps.platform.sessions.listRunningSessions(platformUserId);
}

/** A place's name and address rarely change, so each platform client keeps a location it read five minutes. */
const keptLocation = keptPerClient<number, ChargingLocation | null>(5 * 60_000);

/**
 * The session's location in `locale`. A 404 or failed read only makes it "unavailable", never costs the page. Call only
 * for an owned session.
 */
export async function getSessionLocation(
  session: Pick<ChargingSession, "locationId">,
  locale: string,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<SessionLocationState> {
  const { locationId } = session;
  if (locationId === null) return { kind: "none" };
  try {
    const { locations } = deps.platform;
    const location = await keptLocation(locations, locationId, () => locations.getLocation(locationId));
    return location
      ? { kind: "known", location: describeLocation(location, locale) }
      : { kind: "unavailable", locationId };
  } catch (error) {
    logSessionError("reading a session's location", error);
    return { kind: "unavailable", locationId };
  }
}
