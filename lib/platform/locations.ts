import "server-only";
import { isPlatformError } from "./errors";
import { pageQuery, toPage } from "./pagination";
import type { PlatformRequester } from "./request";
import { WireLocation, wireItem, wireList } from "./schemas";
import type { ChargingLocation, ListLocationsQuery, Page } from "./types";

/**
 * The platform's own charging locations. While no charge points are assigned to the
 * partner the list is empty and every detail read answers 404 (→ null here).
 */

const LocationResponse = wireItem(WireLocation);
const LocationListResponse = wireList(WireLocation);

export function toChargingLocation(wire: WireLocation): ChargingLocation {
  return {
    id: wire.id,
    names: (wire.name ?? []).map((n) => ({ locale: n.locale, translation: n.translation })),
    latitude: wire.geoposition?.latitude ?? null,
    longitude: wire.geoposition?.longitude ?? null,
    street: wire.address?.street ?? null,
    number: wire.address?.number ?? null,
    city: wire.city ?? null,
    evses: (wire.evses ?? []).map((evse) => ({
      id: evse.id,
      status: evse.status,
      connectors: (evse.connectors ?? []).map((c) => ({ type: c.type, power: c.power ?? null })),
    })),
  };
}

export function createLocationsApi(requester: PlatformRequester) {
  return {
    async listLocations(query: ListLocationsQuery = {}): Promise<Page<ChargingLocation>> {
      const { data } = await requester.request({
        endpoint: "locations.list",
        query: pageQuery(query.page, query.perPage),
        schema: LocationListResponse,
      });
      return toPage(data, toChargingLocation, query);
    },

    async getLocation(id: number): Promise<ChargingLocation | null> {
      try {
        const { data } = await requester.request({
          endpoint: "locations.get",
          params: { id },
          schema: LocationResponse,
        });
        return toChargingLocation(data.data);
      } catch (error) {
        if (isPlatformError(error) && error.code === "not_found") return null;
        throw error;
      }
    },
  };
}

export type LocationsApi = ReturnType<typeof createLocationsApi>;
