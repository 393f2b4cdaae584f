import "server-only";
import { z } from "zod";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { inWords, type Wording } from "@/lib/core/i18n/wording";
import { consumeRateLimit, RATE_LIMITS, type RateLimitResult, type RateLimitRule } from "@/lib/core/rate-limit";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform/platform-id";
import { foundOrNotFound, RouteError } from "@/lib/core/route-handlers/route-error";
import type { ErrorWords } from "@/lib/core/route-handlers/error-answer";
import { jsonError, PRIVATE_NO_STORE, routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import { PlaceQuerySchema } from "./place-query";
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN, type PlaceSearchResponse } from "./place-search";
import type { OwnLocation, PointsResponse } from "./points";
import { parsePointsQuery } from "./points-query";
import type { MapService } from "./service";

/**
 * Map route handlers built from their dependencies (for tests). Public data, open to signed-out visitors unless
 * MAP_PUBLIC=false; every call counts against the caller's per-client limit. Answers are `private, no-store`.
 */

export interface MapRouteDeps {
  getService: () => MapService;
  canView: () => Promise<boolean>;
  /** The caller's per-client limit key (`clientLimitKey`: an IPv6 address by its /64). */
  clientKey: () => Promise<string>;
  /** Counts one call of the client against `RATE_LIMITS.mapPerClient` (tests give it their database). */
  countCall?: (bucket: string, subject: string, rule: RateLimitRule) => Promise<RateLimitResult>;
  /** Adds each EVSE's price to an own location's detail (the charging feature's, wired by the route). */
  priceEvses?: (location: OwnLocation) => Promise<OwnLocation>;
}

/** The one bucket every map data route counts in: a page load, a pan and a search each cost one. */
export const MAP_CLIENT_BUCKET = "map:client";

const SCOPE = "map";
const WORDS: ErrorWords = { doing: "mapErrors.doing.loadPoints" };
const LocationIdParams = z.object({ id: platformIdPathParam(PlatformUserIdSchema) });

function mapViewer(deps: MapRouteDeps): () => Promise<null> {
  return async () => {
    if (!(await deps.canView())) throw new AccessDeniedError(401, "mapErrors.signIn");
    return null;
  };
}

/** The per-client limit, after the access check: a 429 in the caller's words, or null to go on. */
async function refusalOverLimit(deps: MapRouteDeps): Promise<Response | null> {
  const count = deps.countCall ?? consumeRateLimit;
  const limit = await count(MAP_CLIENT_BUCKET, await deps.clientKey(), RATE_LIMITS.mapPerClient);
  if (limit.allowed) return null;
  const t = await requestTranslator();
  return jsonError(429, t("mapErrors.tooManyRequests", { seconds: limit.retryAfterSeconds }), {
    "retry-after": String(limit.retryAfterSeconds),
  });
}

/** Every problem with a points query in the caller's words, each sentence once, joined. */
export function pointsQueryError(t: Translator, problems: Wording[]): string {
  return [...new Set(problems.map((problem) => inWords(t, problem)))].join("; ");
}

export function createPointsHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: WORDS,
    access: mapViewer(deps),
    async run({ request }) {
      const refused = await refusalOverLimit(deps);
      if (refused) return refused;
      const t = await requestTranslator();
      const parsed = parsePointsQuery(new URL(request.url).searchParams);
      // Every problem with the query at once, in the caller's words (400).
      if (!parsed.ok) return jsonError(400, pointsQueryError(t, parsed.problems));
      const answer = await deps.getService().findPoints(parsed.query, await currentLocale());
      const body: PointsResponse = { ...answer, notice: answer.notice === null ? null : t(answer.notice) };
      return Response.json(body, { headers: PRIVATE_NO_STORE });
    },
  });
}

export function createOwnLocationHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "mapErrors.doing.loadLocation", notFound: "mapErrors.locationNotFound" },
    access: mapViewer(deps),
    params: {
      schema: LocationIdParams,
      invalid: () => new RouteError(400, "mapErrors.badLocationId"),
    },
    async run({ params }) {
      const refused = await refusalOverLimit(deps);
      if (refused) return refused;
      const found = deps.getService().getOwnLocation(params.id, await currentLocale());
      const location: OwnLocation = await foundOrNotFound(found, "mapErrors.locationNotFound");
      const priced = deps.priceEvses ? await deps.priceEvses(location) : location;
      return Response.json({ location: priced }, { headers: PRIVATE_NO_STORE });
    },
  });
}

/** GET /api/map/search?q=…[&lat&lng] → `PlaceSearchResponse`: towns and addresses among the points fetched so far. */
export function createPlaceSearchHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "mapErrors.doing.search" },
    access: mapViewer(deps),
    async run({ request }) {
      const refused = await refusalOverLimit(deps);
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const parsed = PlaceQuerySchema.safeParse({
        q: params.get("q") ?? undefined,
        lat: params.get("lat") ?? undefined,
        lng: params.get("lng") ?? undefined,
      });
      if (!parsed.success) {
        const t = await requestTranslator();
        const key = (parsed.error.issues[0]?.message ?? "mapErrors.search.required") as MessageKey;
        return jsonError(400, t(key, { min: PLACE_QUERY_MIN, max: PLACE_QUERY_MAX }));
      }
      const { q, lat, lng } = parsed.data;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      const body: PlaceSearchResponse = { results: await deps.getService().findPlaces(q, near) };
      return Response.json(body, { headers: PRIVATE_NO_STORE });
    },
  });
}
