import { getMapService } from "@/lib/map";
import { canViewMap } from "@/lib/map/access";
import { createOwnLocationHandler } from "@/lib/map/route-handlers";

/** GET /api/map/locations/{id} → `{location: OwnLocation}` with evses and connectors (the second map layer's detail). */
export const GET = createOwnLocationHandler({ getService: getMapService, canView: canViewMap });
