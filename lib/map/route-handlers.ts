import "server-only";
import { MapUnavailableError } from "./errors";
import type { MapErrorResponse, OwnLocation, PointsResponse } from "./points";
import { parsePointsQuery } from "./points-query";
import type { MapService } from "./service";

/**
 * The map API's route handlers, built from their dependencies so integration tests can run them
 * with a test database and a fake upstream. `app/api/map/**` only wires them to the real ones.
 */

export interface MapRouteDeps {
  getService: () => MapService;
  canView: () => Promise<boolean>;
}

// The data is the same for everyone, but reaching it needs a session: no shared HTTP caches.
const NO_STORE = { "cache-control": "private, no-store" };

function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error } satisfies MapErrorResponse, { status, headers: { ...NO_STORE, ...headers } });
}

/** First language of Accept-Language ("nl-NL,nl;q=0.9" → "nl-NL"); own-location names use it. */
export function localeFrom(request: Request): string {
  const first = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim();
  return first && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(first) ? first : "en";
}

function unexpected(what: string, error: unknown): Response {
  console.error(`[map] ${what} failed unexpectedly`, error);
  return errorResponse(500, "Something went wrong while loading charge points. Please try again.");
}

export function createPointsHandler(deps: MapRouteDeps) {
  return async function GET(request: Request): Promise<Response> {
    if (!(await deps.canView())) return errorResponse(401, "Sign in to see charge points.");
    const parsed = parsePointsQuery(new URL(request.url).searchParams);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    try {
      const body: PointsResponse = await deps.getService().findPoints(parsed.query, localeFrom(request));
      return Response.json(body, { headers: NO_STORE });
    } catch (error) {
      if (error instanceof MapUnavailableError) {
        return errorResponse(503, error.userMessage, { "retry-after": String(error.retryAfterSeconds) });
      }
      return unexpected("points search", error);
    }
  };
}

export function createOwnLocationHandler(deps: MapRouteDeps) {
  return async function GET(request: Request, id: string): Promise<Response> {
    if (!(await deps.canView())) return errorResponse(401, "Sign in to see charge points.");
    if (!/^[1-9]\d{0,9}$/.test(id)) return errorResponse(400, "The location id must be a positive whole number.");
    try {
      const location: OwnLocation | null = await deps.getService().getOwnLocation(Number(id), localeFrom(request));
      if (!location) return errorResponse(404, "This charge location was not found.");
      return Response.json({ location }, { headers: NO_STORE });
    } catch (error) {
      return unexpected("own location detail", error);
    }
  };
}
