import "server-only";
import type { LocationsApi } from "../../apis";
import { readOne } from "../../reads";
import type { ContractRequester } from "./endpoints";
import type { ChargingLocation } from "../../types";
import { wireItem } from "../../wire";
import { numberedPageN, numberedPages } from "./paging";
import { firstItems } from "../../pagination";
import { WireLocation, wireList } from "./schemas";

/** Locations v2.0 as the contract has them: EVSEs and connectors embedded in the detail. */

const LocationResponse = wireItem(WireLocation);
const LocationListResponse = wireList(WireLocation);

export function toContractLocation(wire: WireLocation): ChargingLocation {
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

export function createContractLocationsApi(requester: ContractRequester): LocationsApi {
  return {
    listLocations: (query = {}) =>
      numberedPageN(requester, { endpoint: "locations.list", schema: LocationListResponse }, toContractLocation, query),

    /** The contract's list is the partner's own network: pages by `links.next`, each read once. */
    listOwnLocations: (maxLocations) =>
      firstItems(
        numberedPages(requester, { endpoint: "locations.list", schema: LocationListResponse }, {}),
        toContractLocation,
        maxLocations,
      ),

    getLocation: (id) =>
      readOne(requester, { endpoint: "locations.get", id, schema: LocationResponse }, toContractLocation),
  };
}
