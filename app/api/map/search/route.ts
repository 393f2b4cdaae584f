import { clientLimitKey } from "@/lib/core/auth/client-address";
import { getMapService } from "@/lib/features/map";
import { canViewMap } from "@/lib/features/map/access";
import { createPlaceSearchHandler } from "@/lib/features/map/route-handlers";

/**
 * GET ?q=…[&lat&lng] → `PlaceSearchResponse`, no geocoder (lib/features/map/place-search.ts). 400 for a query
 * too short or too long, 401 (MAP_PUBLIC=false, signed out), 429 over the per-client limit.
 */
export const GET = createPlaceSearchHandler({
  getService: getMapService,
  canView: canViewMap,
  clientKey: clientLimitKey,
});
