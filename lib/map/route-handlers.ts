import "server-only";
import { z } from "zod";
import { AccessDeniedError } from "@/lib/auth/guards";
import { requestLocale } from "@/lib/i18n/accept-language";
import { platformIdPathParam, PlatformUserIdSchema } from "@/lib/platform-id";
import { RouteError } from "@/lib/route-handlers/route-error";
import { PRIVATE_NO_STORE, routeHandler, type RouteHandler } from "@/lib/route-handlers/route-handler";
import type { OwnLocation, PointsResponse } from "./points";
import { parsePointsQuery } from "./points-query";
import type { MapService } from "./service";

/**
 * The map API's route handlers, built from their dependencies so integration tests can run them
 * with a test database and a fake upstream. `app/api/map/**` only wires them to the real ones.
 * The data is the same for everyone, but reaching it needs a session: no shared HTTP caches.
 */

export interface MapRouteDeps {
  getService: () => MapService;
  canView: () => Promise<boolean>;
}

const SCOPE = "map";
const WORDS = { doing: "load charge points" };
const LocationIdParams = z.object({ id: platformIdPathParam(PlatformUserIdSchema) });

function mapViewer(deps: MapRouteDeps): () => Promise<null> {
  return async () => {
    if (!(await deps.canView())) throw new AccessDeniedError(401, "Sign in to see charge points.");
    return null;
  };
}

export function createPointsHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: WORDS,
    access: mapViewer(deps),
    async run({ request }) {
      const parsed = parsePointsQuery(new URL(request.url).searchParams);
      if (!parsed.ok) throw new RouteError(400, parsed.error);
      const body: PointsResponse = await deps.getService().findPoints(parsed.query, requestLocale(request));
      return Response.json(body, { headers: PRIVATE_NO_STORE });
    },
  });
}

export function createOwnLocationHandler(deps: MapRouteDeps): RouteHandler {
  return routeHandler({
    scope: SCOPE,
    words: { doing: "load this charge location", notFound: "This charge location was not found." },
    access: mapViewer(deps),
    params: {
      schema: LocationIdParams,
      invalid: () => new RouteError(400, "The location id must be a positive whole number."),
    },
    async run({ request, params }) {
      const location: OwnLocation | null = await deps.getService().getOwnLocation(params.id, requestLocale(request));
      if (!location) throw new RouteError(404, "This charge location was not found.");
      return Response.json({ location }, { headers: PRIVATE_NO_STORE });
    },
  });
}
