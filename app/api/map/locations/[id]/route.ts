import { clientLimitKey } from "@/lib/core/auth/client-address";
import { withEvsePrices } from "@/lib/features/charging";
import { getMapService } from "@/lib/features/map";
import { canViewMap } from "@/lib/features/map/access";
import { createOwnLocationHandler } from "@/lib/features/map/route-handlers";

/**
 * GET /api/map/locations/{id} → `{location: OwnLocation}` with evses, connectors and (ampeco) each one's price for
 * whoever looks: the second map layer's detail.
 */
export const GET = createOwnLocationHandler({
  getService: getMapService,
  canView: canViewMap,
  clientKey: clientLimitKey,
  priceEvses: withEvsePrices,
});
