import "server-only";
import { getViewer } from "@/lib/core/auth/viewer";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import type { OwnLocation } from "@/lib/features/map/shared";
import { pricesOfGroups } from "./charge-point";

/**
 * The map's own-network popup: each EVSE with the price its tariff group applies to whoever looks (signed out: the
 * price without an account). Unchanged where the platform has no charging API (the contract).
 */
export async function withEvsePrices(
  location: OwnLocation,
  platform: Pick<PlatformClient, "charging"> = getPlatform(),
): Promise<OwnLocation> {
  const charging = platform.charging;
  if (!charging || location.evses.length === 0) return location;
  const viewer = await getViewer();
  const prices = await pricesOfGroups(
    charging,
    location.evses.map((evse) => evse.tariffGroupId ?? null),
    viewer?.platformUserId ?? null,
  );
  return {
    ...location,
    evses: location.evses.map((evse) => ({ ...evse, price: prices.get(evse.tariffGroupId ?? null) })),
  };
}
