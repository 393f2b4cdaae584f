import "server-only";
import type { SessionsApi } from "../../apis";
import { readOne } from "../../reads";
import type { ContractRequester } from "./endpoints";
import type { ChargingSession, IterateOptions, SessionFilter } from "../../types";
import { wireItem } from "../../wire";
import { numberedPageN, numberedPages } from "./paging";
import { WireSession, wireList } from "./schemas";

/** Sessions v1.0 as the contract has them: local times and the location on every session. */

const SessionResponse = wireItem(WireSession);
/** How far back the contract's running sessions are looked for. */
const RUNNING_LOOKBACK_MS = 7 * 24 * 3_600_000;
const SessionListResponse = wireList(WireSession);

export function toContractSession(wire: WireSession): ChargingSession {
  const stoppedAt = wire.stoppedAt ?? null;
  const stoppedAtLocal = wire.stoppedAtLocal ?? null;
  return {
    id: String(wire.id),
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

export function createContractSessionsApi(requester: ContractRequester, now: () => number = Date.now): SessionsApi {
  /** Page-wise, so a bulk consumer (the CSV export) pays one async step per page rather than per session. */
  async function* iterateSessionPages(
    filter: SessionFilter,
    options: IterateOptions = {},
  ): AsyncGenerator<ChargingSession[], void, undefined> {
    const call = { endpoint: "sessions.list", query: filterQuery(filter), schema: SessionListResponse } as const;
    for await (const page of numberedPages(requester, call, options)) yield page.data.map(toContractSession);
  }

  return {
    listSessions: (query) =>
      numberedPageN(
        requester,
        { endpoint: "sessions.list", query: filterQuery(query), schema: SessionListResponse },
        toContractSession,
        query,
      ),

    iterateSessionPages,

    async *iterateSessions(filter, options = {}) {
      for await (const page of iterateSessionPages(filter, options)) {
        for (const session of page) yield session;
      }
    },

    getSession: (id) =>
      readOne(requester, { endpoint: "sessions.get", id, schema: SessionResponse }, toContractSession),

    /**
     * The contract names no status filter: the last week's page of 100, newest first as the contract lists them (a
     * platform that ignores the date filter still puts running sessions first).
     */
    async listRunningSessions(userId) {
      const startedAfter = new Date(now() - RUNNING_LOOKBACK_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
      const page = await numberedPageN(
        requester,
        { endpoint: "sessions.list", query: filterQuery({ userId, startedAfter }), schema: SessionListResponse },
        toContractSession,
        { perPage: 100 },
      );
      return page.items.filter((s) => s.isRunning);
    },
  };
}
