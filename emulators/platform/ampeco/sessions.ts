import { z } from "zod";
import { instantFilter, integerFilter, json, notFound, readFilters, validate } from "../http";
import type { Route, RouteContext } from "../router";
import type { EmulatorSettings } from "../settings";
import type { EmulatorState, SessionRecord } from "../store";
import { chargePointIdOf } from "./network";
import { listMode, pagedResponse } from "./paging";
import { priceBreakdownOf } from "./price-breakdown";
import { ampecoSessionView, SESSION_STATUS, sessionWireId, tagUid, type SessionIdTag } from "./views";

/**
 * Sessions v1.0: string ids, `userId` on every session, the real status enum and filters. The
 * store's sessions never reach `expired` or `unknown`, but both are valid filter values. AMPECO
 * documents no order for the listing, so the emulator does not list newest first unless told to
 * (the `sessionOrder` setting).
 */
const ListFilterSchema = z.object({
  userId: integerFilter,
  chargePointId: integerFilter,
  evseId: integerFilter,
  status: z.enum(["unknown", "pending", "active", "finished", "failed", "expired"]).optional(),
  startedAfter: instantFilter,
  startedBefore: instantFilter,
});

const SESSIONS = /^\/public-api\/resources\/sessions\/v1\.0$/;
const SESSION = /^\/public-api\/resources\/sessions\/v1\.0\/([^/]+)$/;

/**
 * A start through the API shows the `idTag` it was given, or `*` and the session id left-padded with zeros (the facts'
 * remote start; the width is *inferred*). Any other session shows the driver's first card, like an RFID start.
 */
export function idTagOfSession(
  state: EmulatorState,
  session: SessionRecord,
  settings: EmulatorSettings,
): SessionIdTag | undefined {
  if (session.remoteStart)
    return { uid: session.remoteStart.idTag ?? `*${String(session.id).padStart(10, "0")}`, label: null };
  const token = state.tokens.find((t) => t.userId === session.userId && t.type === "rfid");
  return token && { uid: tagUid(token.code, settings), label: token.visualNumber };
}

/** A session as the listing and the read show it, under the tenant's settings. */
export const sessionView = (state: EmulatorState, session: SessionRecord, now: Date, settings: EmulatorSettings) =>
  ampecoSessionView(session, now, idTagOfSession(state, session, settings), settings);

/** A fixed pseudo-random rank per id: "shuffled" must stay the same across the pages of one walk. */
const shuffleRank = (id: number) => Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;

const ORDERS: Record<EmulatorSettings["sessionOrder"], (a: SessionRecord, b: SessionRecord) => number> = {
  "id-ascending": (a, b) => a.id - b.id,
  shuffled: (a, b) => shuffleRank(a.id) - shuffleRank(b.id) || a.id - b.id,
  "newest-first": (a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.id - a.id,
};

function listSessions({ url, state, now, runtime }: RouteContext) {
  const filter = validate(
    ListFilterSchema,
    readFilters(url, ["userId", "chargePointId", "evseId", "status", "startedAfter", "startedBefore"]),
    "filter.",
  );
  const sessions = state.sessions
    .filter((s) => filter.userId === undefined || s.userId === filter.userId)
    .filter(
      (s) =>
        filter.chargePointId === undefined ||
        chargePointIdOf(s, runtime.settings.chargePoints) === filter.chargePointId,
    )
    .filter((s) => filter.evseId === undefined || s.evseId === filter.evseId)
    .filter((s) => filter.status === undefined || SESSION_STATUS[s.status] === filter.status)
    .filter((s) => filter.startedAfter === undefined || Date.parse(s.startedAt) >= filter.startedAfter)
    .filter((s) => filter.startedBefore === undefined || Date.parse(s.startedAt) <= filter.startedBefore)
    .sort(ORDERS[runtime.settings.sessionOrder]);
  return pagedResponse(
    sessions,
    url,
    (s) => sessionView(state, s, now, runtime.settings),
    listMode({ runtime }, false),
  );
}

function getSession({ url, params, state, now, runtime }: RouteContext) {
  let id = params[0] ?? "";
  try {
    id = decodeURIComponent(id);
  } catch {
    // A broken escape names no session either.
  }
  // Only the form the tenant shows names a session: a UUID tenant does not answer to the number.
  const session = state.sessions.find((s) => sessionWireId(s.id, runtime.settings) === id);
  if (!session) throw notFound("Session", id);
  const view = sessionView(state, session, now, runtime.settings);
  const withBreakdown = url.searchParams.get("withPriceBreakdown");
  if (withBreakdown !== "true" && withBreakdown !== "1") return json(200, { data: view });
  return json(200, { data: { ...view, priceBreakdown: priceBreakdownOf(session, now) } });
}

export const ampecoSessionRoutes: Route[] = [
  { method: "GET", pattern: SESSIONS, handler: listSessions },
  { method: "GET", pattern: SESSION, handler: getSession },
];
