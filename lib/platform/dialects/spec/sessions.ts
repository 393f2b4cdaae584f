import "server-only";
import type { SessionsApi } from "../../apis";
import { readOne } from "../../reads";
import type { PlatformRequester } from "../../request";
import type { ChargingSession, IterateOptions, SessionFilter } from "../../types";
import { wireItem } from "../../wire";
import { numberedPageN, numberedPages } from "./paging";
import { WireSession, wireList } from "./schemas";

/** Sessions v1.0 as the contract has them: local times and the location on every session. */

const SessionResponse = wireItem(WireSession);
const SessionListResponse = wireList(WireSession);

export function toSpecSession(wire: WireSession): ChargingSession {
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

export function createSpecSessionsApi(requester: PlatformRequester): SessionsApi {
  /** Page-wise, so a bulk consumer (the CSV export) pays one async step per page rather than per session. */
  async function* iterateSessionPages(
    filter: SessionFilter,
    options: IterateOptions = {},
  ): AsyncGenerator<ChargingSession[], void, undefined> {
    const call = { endpoint: "sessions.list", query: filterQuery(filter), schema: SessionListResponse } as const;
    for await (const page of numberedPages(requester, call, options)) yield page.data.map(toSpecSession);
  }

  return {
    listSessions: (query) =>
      numberedPageN(
        requester,
        { endpoint: "sessions.list", query: filterQuery(query), schema: SessionListResponse },
        toSpecSession,
        query,
      ),

    iterateSessionPages,

    async *iterateSessions(filter, options = {}) {
      for await (const page of iterateSessionPages(filter, options)) {
        for (const session of page) yield session;
      }
    },

    getSession: (id) => readOne(requester, { endpoint: "sessions.get", id, schema: SessionResponse }, toSpecSession),
  };
}
