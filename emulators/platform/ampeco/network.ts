import type { RouteContext } from "../router";
import { SEED_LOCATIONS, SEED_ROAMING_LOCATIONS, type SeedLocation } from "../seed-data";
import type { EmulatorSettings } from "../settings";

/**
 * The tenant's charging network as the ampeco routes serve it: locations → charge points (`locationId`) → EVSEs →
 * connectors, as the subset has them. Which locations are served and how charge points hold their EVSEs are
 * settings (settings.ts: `roamingLocations`, `generatedLocations`, `chargePoints`).
 */
export type ChargePointLayout = EmulatorSettings["chargePoints"];
export type SeedEvse = SeedLocation["evses"][number];

export interface ChargePoint {
  id: number;
  location: SeedLocation;
  evses: readonly SeedEvse[];
}

/** Roaming operator id of the tenant's own network (required on every location). */
export const OWN_ROAMING_OPERATOR_ID = 1;
/** Roaming operator id of the partner network whose sites the `roamingLocations` setting adds. */
export const PARTNER_ROAMING_OPERATOR_ID = 2;

const FIRST_GENERATED_LOCATION_ID = 10_001;
const generated = new Map<number, readonly SeedLocation[]>();

/** `count` more own locations on a grid around Amsterdam, one 22 kW EVSE each (the same for the same count). */
export function generatedLocations(count: number): readonly SeedLocation[] {
  const known = generated.get(count);
  if (known) return known;
  const locations = Array.from({ length: count }, (_, index): SeedLocation => {
    const id = FIRST_GENERATED_LOCATION_ID + index;
    return {
      id,
      name: { nl: `Laadpunt ${index + 1}`, en: `Charge point ${index + 1}` },
      latitude: 52.2 + (index % 40) * 0.01,
      longitude: 4.7 + Math.floor(index / 40) * 0.01,
      street: "Laadstraat",
      number: String(index + 1),
      city: "Amsterdam",
      tariff: 0.39,
      evses: [{ id: id * 100 + 1, connectors: [{ type: "Type 2", power: 22 }] }],
    };
  });
  generated.set(count, locations);
  return locations;
}

/** Every location the tenant lists: none unless `seedLocations`, as in the contract dialect. */
export function servedLocations({ options, runtime }: Pick<RouteContext, "options" | "runtime">): SeedLocation[] {
  if (!options.seedLocations) return [];
  const { roamingLocations, generatedLocations: count } = runtime.settings;
  return [...SEED_LOCATIONS, ...generatedLocations(count), ...(roamingLocations ? SEED_ROAMING_LOCATIONS : [])];
}

export const isRoamingLocation = (location: SeedLocation) => location.roamingOperator !== undefined;

/**
 * A location's charge points: one (id `locationId × 10`) holding every EVSE, or one per EVSE (id `evseId × 10 + 1`).
 * The last digit tells the layouts' ids apart.
 */
export function chargePointsOf(location: SeedLocation, layout: ChargePointLayout): ChargePoint[] {
  if (layout === "one-per-location") return [{ id: location.id * 10, location, evses: location.evses }];
  return location.evses.map((evse) => ({ id: evse.id * 10 + 1, location, evses: [evse] }));
}

/** The charge point a session's EVSE belongs to. */
export function chargePointIdOf(session: { locationId: number; evseId: number }, layout: ChargePointLayout): number {
  return layout === "one-per-location" ? session.locationId * 10 : session.evseId * 10 + 1;
}

/** The charge point with this id among the served locations, or null. */
export function findChargePoint(locations: readonly SeedLocation[], id: number, layout: ChargePointLayout) {
  for (const location of locations) {
    const match = chargePointsOf(location, layout).find((cp) => cp.id === id);
    if (match) return match;
  }
  return null;
}
