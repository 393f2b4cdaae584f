import { getMapService } from "@/lib/features/map";
import { canViewMap } from "@/lib/features/map/access";
import { createPointsHandler } from "@/lib/features/map/route-handlers";

/**
 * GET /api/map/points?lat=&lng=&radiusKm=&limit= → `PointsResponse` (lib/features/map/points.ts):
 * `{points: [{id, title, address, town, lat, lng, distanceKm, maxPowerKw, connectors: [{label, powerKw, quantity}],
 * operator, usageCost, status, isOperational, dataProvider}], ownLocations, attribution, stale, notice, fetchedAt}`,
 * nearest first. 400 `{error}` on bad parameters, 401 without a session (unless MAP_PUBLIC), 503 `{error}` when
 * the map data API is unavailable and nothing is saved.
 */
export const GET = createPointsHandler({ getService: getMapService, canView: canViewMap });
