import { z } from "zod";
import {
  instantFilter as instant,
  integerFilter,
  json,
  notFound,
  paginate,
  parseId,
  readFilters,
  validate,
} from "../http";
import type { Route, RouteContext } from "../router";
import { SessionStatusSchema } from "../store";
import { sessionDetailView, sessionListView } from "../views";

/**
 * Sessions v1.0, read-only. The detail has no user scope (the caller checks ownership); list
 * items omit the UTC times. Besides filter[userId] the real platform's filters status,
 * startedAfter and startedBefore (inclusive, ISO 8601, UTC when no offset) are supported.
 */
const ListFilterSchema = z.object({
  userId: integerFilter,
  status: SessionStatusSchema.optional(),
  startedAfter: instant,
  startedBefore: instant,
});

const SESSIONS = /^\/public-api\/resources\/sessions\/v1\.0$/;
const SESSION = /^\/public-api\/resources\/sessions\/v1\.0\/([^/]+)$/;

function listSessions({ url, state, now }: RouteContext) {
  const filter = validate(
    ListFilterSchema,
    readFilters(url, ["userId", "status", "startedAfter", "startedBefore"]),
    "filter.",
  );
  const sessions = state.sessions
    .filter((s) => filter.userId === undefined || s.userId === filter.userId)
    .filter((s) => filter.status === undefined || s.status === filter.status)
    .filter((s) => filter.startedAfter === undefined || Date.parse(s.startedAt) >= filter.startedAfter)
    .filter((s) => filter.startedBefore === undefined || Date.parse(s.startedAt) <= filter.startedBefore)
    .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.id - a.id);
  const page = paginate(sessions, url, { withLastPage: true });
  return json(200, { ...page, data: page.data.map((s) => sessionListView(s, now)) });
}

function getSession({ params, state, now }: RouteContext) {
  const id = parseId(params[0], "Session");
  const session = state.sessions.find((s) => s.id === id);
  if (!session) throw notFound("Session", id);
  return json(200, { data: sessionDetailView(session, now) });
}

export const sessionRoutes: Route[] = [
  { method: "GET", pattern: SESSIONS, handler: listSessions },
  { method: "GET", pattern: SESSION, handler: getSession },
];
