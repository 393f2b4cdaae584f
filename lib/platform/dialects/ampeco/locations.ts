import "server-only";
import type { LocationsApi } from "../../apis";
import { readOne } from "../../reads";
import { locationName } from "../../location-name";
import type { AmpecoRequester } from "./endpoints";
import type { ChargingEvse, ChargingLocation } from "../../types";
import { wireItem } from "../../wire";
import { collectCursorPages, cursorPageN, cursorPages } from "./paging";
import { firstItems } from "../../pagination";
import { AmpecoChargePoint, AmpecoEvse, AmpecoLocation, ampecoList, type Translated } from "./schemas";

/** Locations v2.0 (cursor-only); EVSEs come from the location's charge points (hardwareStatus, maxPower in W). */
const LocationResponse = wireItem(AmpecoLocation);
const LocationListResponse = ampecoList(AmpecoLocation);
const ChargePointListResponse = ampecoList(AmpecoChargePoint);
const EvseListResponse = ampecoList(AmpecoEvse);

/** The portal's texts are English first; the platform's translations fall back from there. */
const PORTAL_LOCALE = "en";

export const CONNECTOR_LABELS: Record<string, string> = {
  ccs2: "CCS2",
  ccs1: "CCS1",
  type2: "Type 2",
  type1: "Type 1",
  type3: "Type 3",
  chademo: "CHAdeMO",
  schuko: "Schuko",
  nacs: "NACS",
  j1772: "J1772",
};
export const UNKNOWN_CONNECTOR = "Unknown";

function translation(texts: Translated, id: number): string | null {
  const names = (texts ?? []).filter((t) => t.translation.trim() !== "");
  return names.length === 0 ? null : locationName({ id, names }, PORTAL_LOCALE);
}

export function toAmpecoLocation(wire: AmpecoLocation, evses: ChargingEvse[] = []): ChargingLocation {
  return {
    id: wire.id,
    names: (wire.name ?? []).map((n) => ({ locale: n.locale, translation: n.translation })),
    latitude: wire.geoposition?.latitude ?? null,
    longitude: wire.geoposition?.longitude ?? null,
    // The real address is one translated line; the contract's separate number does not exist.
    street: translation(wire.streetAddress, wire.id) ?? translation(wire.address, wire.id),
    number: null,
    city: wire.city ?? null,
    evses,
  };
}

export function toAmpecoEvse(wire: AmpecoEvse): ChargingEvse {
  const maxPowerW = wire.powerOptions?.maxPower;
  const power = maxPowerW === null || maxPowerW === undefined ? null : Math.round(maxPowerW / 100) / 10;
  return {
    id: wire.id,
    status: wire.hardwareStatus ?? wire.status ?? "unknown",
    reference: wire.physicalReference ?? null,
    tariffGroupId: wire.tariffGroupId ?? null,
    connectors: (wire.connectors ?? []).map((c) => ({
      type: CONNECTOR_LABELS[(c.type ?? "").toLowerCase()] ?? UNKNOWN_CONNECTOR,
      power,
    })),
  };
}

export function createAmpecoLocationsApi(requester: AmpecoRequester): LocationsApi {
  async function evsesOf(locationId: number): Promise<ChargingEvse[]> {
    const chargePoints = await collectCursorPages(
      requester,
      { endpoint: "chargePoints.list", query: { "filter[locationId]": locationId }, schema: ChargePointListResponse },
      (cp) => cp,
    );
    const perPoint = await Promise.all(
      chargePoints
        .filter((cp) => cp.locationId === undefined || cp.locationId === null || cp.locationId === locationId)
        .map((cp) =>
          collectCursorPages(
            requester,
            // Connectors (and with them the power per plug) are embedded only when asked for.
            {
              endpoint: "chargePoints.evses",
              params: { id: cp.id },
              query: { "include[]": "connectors" },
              schema: EvseListResponse,
            },
            toAmpecoEvse,
          ),
        ),
    );
    return perPoint.flat();
  }

  return {
    async listLocations(query = {}) {
      return cursorPageN(
        requester,
        { endpoint: "locations.list", schema: LocationListResponse },
        (l) => toAmpecoLocation(l),
        query,
      );
    },

    /** One cursor walk of `filter[roaming]=false`; a site that says `isRoaming` (newer tenants) is left out too. */
    async listOwnLocations(maxLocations) {
      const own = await firstItems(
        cursorPages(requester, {
          endpoint: "locations.list",
          query: { "filter[roaming]": "false" },
          schema: LocationListResponse,
        }),
        (wire) => (wire.isRoaming === true ? null : toAmpecoLocation(wire)),
        maxLocations,
      );
      return own.filter((location): location is ChargingLocation => location !== null);
    },

    getLocation: (id) =>
      readOne(requester, { endpoint: "locations.get", id, schema: LocationResponse }, async (wire) =>
        toAmpecoLocation(wire, await evsesOf(id)),
      ),
  };
}
