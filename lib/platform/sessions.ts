import "server-only";
import { isPlatformError } from "./errors";
import { followPages, pageQuery, toPage } from "./pagination";
import type { PlatformRequester } from "./request";
import { WireSession, wireItem, wireList } from "./schemas";
import type { ChargingSession, IterateOptions, ListSessionsQuery, Page, SessionFilter } from "./types";

/**
 * Charging sessions. The platform's session read has no user scope: callers must confirm
 * ownership (the id appears in the driver's own `filter[userId]` list) before showing one.
 */

const SessionResponse = wireItem(WireSession);
const SessionListResponse = wireList(WireSession);

export function toChargingSession(wire: WireSession): ChargingSession {
  const stoppedAt = wire.stoppedAt ?? null;
  const stoppedAtLocal = wire.stoppedAtLocal ?? null;
  return {
    id: wire.id,
    startedAt: wire.startedAt ?? null,
    startedAtLocal: wire.startedAtLocal ?? null,
    stoppedAt,
    stoppedAtLocal,
    energyWh: wire.energy,
    amount: wire.amount,
    status: wire.status,
    evseId: wire.evseId ?? null,
    locationId: wire.locationId ?? null,
    isRunning:
      stoppedAt === null && stoppedAtLocal === null && (wire.status === "started" || wire.status === "charging"),
  };
}

/** Filters are sent only when given; the user filter always is. */
function filterQuery(filter: SessionFilter) {
  return {
    "filter[userId]": filter.userId,
    "filter[status]": filter.status,
    "filter[startedAfter]": filter.startedAfter,
    "filter[startedBefore]": filter.startedBefore,
  };
}

export function createSessionsApi(requester: PlatformRequester) {
  /**
   * Every session matching the filter, one listing page at a time, fetched only as the consumer
   * reads on, so an export of thousands never holds them all in memory. Page-wise so a bulk
   * consumer (the CSV export) pays one async step per page rather than per session.
   */
  async function* iterateSessionPages(
    filter: SessionFilter,
    options: IterateOptions = {},
  ): AsyncGenerator<ChargingSession[], void, undefined> {
    const pages = followPages(
      requester,
      {
        endpoint: "sessions.list",
        query: { ...filterQuery(filter), ...pageQuery(undefined, options.perPage ?? 100) },
        schema: SessionListResponse,
      },
      options.maxPages,
    );
    for await (const page of pages) yield page.data.map(toChargingSession);
  }

  return {
    async listSessions(query: ListSessionsQuery): Promise<Page<ChargingSession>> {
      const { data } = await requester.request({
        endpoint: "sessions.list",
        query: { ...filterQuery(query), ...pageQuery(query.page, query.perPage) },
        schema: SessionListResponse,
      });
      return toPage(data, toChargingSession, query);
    },

    iterateSessionPages,

    /** The same walk, item by item, for consumers that look at one session at a time. */
    async *iterateSessions(
      filter: SessionFilter,
      options: IterateOptions = {},
    ): AsyncGenerator<ChargingSession, void, undefined> {
      for await (const page of iterateSessionPages(filter, options)) {
        for (const session of page) yield session;
      }
    },

    /** The session, or null when the platform has no such id. Ownership is the caller's check. */
    async getSession(id: number): Promise<ChargingSession | null> {
      try {
        const { data } = await requester.request({ endpoint: "sessions.get", params: { id }, schema: SessionResponse });
        return toChargingSession(data.data);
      } catch (error) {
        if (isPlatformError(error) && error.code === "not_found") return null;
        throw error;
      }
    },
  };
}

export type SessionsApi = ReturnType<typeof createSessionsApi>;
