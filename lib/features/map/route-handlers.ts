import "server-only";
import { z } from "zod";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform/platform-id";
import { foundOrNotFound, RouteError } from "@/lib/core/route-handlers/route-error";
import type { ErrorWords } from "@/lib/core/route-handlers/error-answer";
import { jsonError, PRIVATE_NO_STORE, routeHandler, type RouteHandler } from "@/lib/core/route-handlers/route-handler";
import type { OwnLocation, PointsResponse } from "./points";
import { parsePointsQuery } from "./points-query";
import type { MapService } from "./service";

/**
 * Map route handlers built from their dependencies (for tests). Public data, but behind a session: no shared caches.
 */

export interface MapRouteDeps {
  getService: () => MapService;
  canView: () => Promise<boolean>;
}

const SCOPE = "map";
const WORDS: ErrorWords = { doing: "mapErrors.doing.loadPoints" };
const LocationIdParams = z.object({ id: platformIdPathParam(PlatformUserIdSchema) });

function mapViewer(deps: MapRouteDeps): () => Promise<null> {
  return async () => {
    if (!(await deps.canView())) throw new AccessDeniedError(401, "mapErrors.signIn");
    return null;
  };
}

export function createPointsHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: WORDS,
    access: mapViewer(deps),
    async run({ request }) {
      const t = await requestTranslator();
      const parsed = parsePointsQuery(new URL(request.url).searchParams, t);
      // Every problem with the query at once, already in the caller's words: answered as is (400).
      if (!parsed.ok) return jsonError(400, parsed.error);
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
      const found = deps.getService().getOwnLocation(params.id, await currentLocale());
      const location: OwnLocation = await foundOrNotFound(found, "mapErrors.locationNotFound");
      return Response.json({ location }, { headers: PRIVATE_NO_STORE });
    },
  });
}
