import { clientLimitKey } from "@/lib/core/auth/client-address";
import { getMapService } from "@/lib/features/map";
import { canViewMap } from "@/lib/features/map/access";
import { createPointsHandler } from "@/lib/features/map/route-handlers";

/**
 * GET → `PointsResponse` (lib/features/map/points.ts), nearest first. 400 bad parameters, 401 without a session (unless
 * MAP_PUBLIC=false), 429 over the per-client limit, 503 when the map API is down and nothing is saved.
 */
export const GET = createPointsHandler({ getService: getMapService, canView: canViewMap, clientKey: clientLimitKey });
