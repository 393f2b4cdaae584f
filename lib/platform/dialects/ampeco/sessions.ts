import "server-only";
import { logger } from "@/lib/core/log";
import type { SessionsApi } from "../../apis";
import { isPlatformError, PlatformResponseError } from "../../errors";
import { isSessionId } from "../../platform-id";
import { nullWhenNotFound, readOne } from "../../reads";
import type { AmpecoRequester } from "./endpoints";
import type {
  ChargingSession,
  IterateOptions,
  ListSessionsQuery,
  Page,
  SessionFilter,
  SessionStatus,
} from "../../types";
import { wireItem } from "../../wire";
import { isKnownTimeZone, toLocalIso } from "./local-time";
import { collectCursorPages, MAX_PER_PAGE } from "./paging";
import { AmpecoChargePoint, AmpecoLocation, AmpecoSession, ampecoList } from "./schemas";
import { byNewestStart, parseRange, sessionsNewestFirst } from "./session-walk";

/**
 * Sessions v1.0: no locationId and no local time, so the place comes via the charge point (cached) and the order from
 * session-walk.ts. Deprecated fields are fallbacks.
 */
const log = logger("platform");
const SessionResponse = wireItem(AmpecoSession);
const SessionListResponse = ampecoList(AmpecoSession);
/** The portal's running statuses, as the filter's values `pending` and `active`. */
const RUNNING_STATUSES: SessionStatus[] = ["started", "charging"];
const ChargePointResponse = wireItem(AmpecoChargePoint);
const LocationResponse = wireItem(AmpecoLocation);

const STATUS_OF: Record<string, SessionStatus> = {
  pending: "started",
  active: "charging",
  finished: "finished",
  failed: "failed",
  expired: "failed",
};
/** The portal's status → the filter value of the real enum (expired is kept apart there). */
const FILTER_STATUS_OF: Record<SessionStatus, string> = {
  started: "pending",
  charging: "active",
  finished: "finished",
  failed: "failed",
};

interface SessionPlace {
  locationId: number;
  timeZone: string | null;
}

export interface AmpecoSessionsDeps {
  requester: AmpecoRequester;
  /** PORTAL_TIME_ZONE: local times when the location's zone is unknown. */
  fallbackTimeZone: string;
  /** Where the newest-first walk starts when the range has no upper bound. */
  now?: () => number;
}

/** Any string id is the platform's; one no URL path can carry as it is (SESSION_ID_PATTERN) is left out, with a log line. */
function addressable(session: AmpecoSession): boolean {
  if (isSessionId(session.id)) return true;
  log.warn("a session whose id no link can carry was left out");
  return false;
}

/** The filters the walk sends as they are; the date range is its own (session-walk.ts). */
function filterQuery(filter: SessionFilter) {
  return {
    "filter[userId]": filter.userId,
    "filter[status]": filter.status === undefined ? undefined : FILTER_STATUS_OF[filter.status],
  };
}

export function createAmpecoSessionsApi({
  requester,
  fallbackTimeZone,
  now = Date.now,
}: AmpecoSessionsDeps): SessionsApi & {
  getSession(id: string, owner?: { userId: number }): Promise<ChargingSession | null>;
} {
  // Charge points do not move between locations: one lookup per charge point per process.
  const places = new Map<number, Promise<SessionPlace | null>>();

  function lookUpPlace(chargePointId: number): Promise<SessionPlace | null> {
    return nullWhenNotFound(async () => {
      const { data: cp } = await requester.request({
        endpoint: "chargePoints.get",
        params: { id: chargePointId },
        schema: ChargePointResponse,
      });
      const locationId = cp.data.locationId;
      if (locationId === null || locationId === undefined) return null;
      const { data: location } = await requester.request({
        endpoint: "locations.get",
        params: { id: locationId },
        schema: LocationResponse,
      });
      return { locationId, timeZone: location.data.timezone ?? null };
    });
  }

  /**
   * A refused or failed lookup leaves the place unknown for this answer only (not cached, never fails the list); a 404
   * (null) is cached.
   */
  function placeOf(chargePointId: number | null | undefined): Promise<SessionPlace | null> {
    if (chargePointId === null || chargePointId === undefined) return Promise.resolve(null);
    const known = places.get(chargePointId);
    if (known) return known;
    // One lookup per charge point, shared by the sessions that wait on it; one log line when it fails.
    const place: Promise<SessionPlace | null> = lookUpPlace(chargePointId).catch((error: unknown) => {
      if (places.get(chargePointId) === place) places.delete(chargePointId);
      if (!isPlatformError(error)) throw error;
      log.warn(`place of charge point ${chargePointId} unknown: ${error.code}`);
      return null;
    });
    places.set(chargePointId, place);
    return place;
  }

  async function toSession(wire: AmpecoSession): Promise<ChargingSession> {
    const place = await placeOf(wire.chargePointId);
    const placeZone = place?.timeZone;
    const zoneKnown = isKnownTimeZone(placeZone);
    const timeZone = zoneKnown ? placeZone : fallbackTimeZone;
    const stoppedAt = wire.stoppedAt ?? null;
    const running = stoppedAt === null;
    const status: SessionStatus = STATUS_OF[wire.status] ?? (running ? "started" : "failed");
    return {
      id: wire.id,
      startedAt: wire.startedAt ?? null,
      startedAtLocal: wire.startedAt ? toLocalIso(wire.startedAt, timeZone) : null,
      stoppedAt,
      stoppedAtLocal: stoppedAt ? toLocalIso(stoppedAt, timeZone) : null,
      energyWh: wire.energyConsumption?.total ?? wire.energy ?? 0,
      amount: wire.totalAmount?.withTax ?? wire.amount ?? 0,
      status,
      evseId: wire.evseId ?? null,
      locationId: place?.locationId ?? null,
      isRunning: running && (status === "started" || status === "charging"),
      currency: wire.currency ?? null,
      assumedTimeZone: zoneKnown ? null : fallbackTimeZone,
      platformStatus: wire.status,
      cardNumber: wire.idTagLabel ?? null,
      evseReference: wire.evsePhysicalReference ?? null,
      chargePointId: wire.chargePointId ?? null,
      platformReceiptId: wire.receiptId ?? null,
    };
  }

  /** The driver's own sessions newest first, one walk window at a time (only the driver's, whatever the filter did). */
  async function* ownNewestFirst(filter: SessionFilter): AsyncGenerator<AmpecoSession[], void, undefined> {
    const range = parseRange(filter.startedAfter, filter.startedBefore);
    for await (const window of sessionsNewestFirst(requester, filterQuery(filter), range, now())) {
      const own = window.filter((s) => s.userId === filter.userId && addressable(s));
      if (own.length > 0) yield own;
    }
  }

  /** Full pages newest first; more than `maxPages` is an error, as a silent stop would truncate an export. */
  async function* iterateSessionPages(
    filter: SessionFilter,
    options: IterateOptions = {},
  ): AsyncGenerator<ChargingSession[], void, undefined> {
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, options.perPage ?? MAX_PER_PAGE));
    const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
    let pages = 0;
    let pending: AmpecoSession[] = [];
    const nextPage = async (size: number) => {
      if (pages >= maxPages) throw new PlatformResponseError("sessions.list", `more than ${maxPages} pages`);
      pages += 1;
      const page = await Promise.all(pending.slice(0, size).map(toSession));
      pending = pending.slice(size);
      return page;
    };
    for await (const window of ownNewestFirst(filter)) {
      pending.push(...window);
      while (pending.length >= perPage) yield await nextPage(perPage);
    }
    if (pending.length > 0) yield await nextPage(pending.length);
  }

  return {
    /**
     * Page N of the newest-first list: the walk goes back until it holds more than N pages (so it
     * knows whether there is a next one) or the range is exhausted (then the total is known).
     */
    async listSessions(query: ListSessionsQuery): Promise<Page<ChargingSession>> {
      const page = Math.max(1, query.page ?? 1);
      const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage ?? MAX_PER_PAGE));
      const wanted = page * perPage;
      const newest: AmpecoSession[] = [];
      let exhausted = true;
      for await (const window of ownNewestFirst(query)) {
        newest.push(...window);
        if (newest.length > wanted) {
          exhausted = false;
          break;
        }
      }
      const items = await Promise.all(newest.slice(wanted - perPage, wanted).map(toSession));
      const total = newest.length;
      return {
        items,
        page,
        perPage,
        total,
        lastPage: exhausted ? Math.max(1, Math.ceil(total / perPage)) : null,
        hasNext: total > wanted,
      };
    },

    iterateSessionPages,

    /** Session by session, window by window: a consumer that stops early (ownership) stops the walk there. */
    async *iterateSessions(filter: SessionFilter): AsyncGenerator<ChargingSession, void, undefined> {
      for await (const window of ownNewestFirst(filter)) {
        for (const session of window) yield await toSession(session);
      }
    },

    /**
     * By `filter[status]`, one cursor walk per running status (the filter takes one value), without a date window:
     * a session that has run for weeks is still found, and a long history costs nothing.
     */
    async listRunningSessions(userId: number): Promise<ChargingSession[]> {
      const walks = RUNNING_STATUSES.map((status) =>
        collectCursorPages(
          requester,
          { endpoint: "sessions.list", query: filterQuery({ userId, status }), schema: SessionListResponse },
          (s) => s,
        ),
      );
      const running = (await Promise.all(walks)).flat().filter((s) => s.userId === userId && addressable(s));
      const sessions = await Promise.all(running.sort(byNewestStart).map(toSession));
      return sessions.filter((s) => s.isRunning);
    },

    /**
     * The session, or null when there is none, or when `owner` is given and the session's own
     * `userId` is another driver's (checked on top of the caller's list check).
     */
    getSession: (id: string, owner?: { userId: number }) =>
      readOne(requester, { endpoint: "sessions.get", id, schema: SessionResponse }, (wire) =>
        (owner !== undefined && wire.userId !== owner.userId) || !addressable(wire) ? null : toSession(wire),
      ),
  };
}
