import "server-only";
import { getPlatform } from "@/lib/platform";
import type { ChargingLocation } from "@/lib/platform/types";
import type { OwnLocationsSource } from "./own-locations";

/**
 * The map's second layer: the platform's own locations (spec §4.11–4.12), roaming partners' sites left out (public
 * charge points are the map data layer's). An empty list and 404 details are coped with. */
// A safety cap: a network of 2,000 own sites is far beyond what a map page should receive at once.
const MAX_LOCATIONS = 2_000;

export const platformOwnLocations: OwnLocationsSource = {
  /** One walk of the listing per refresh (own sites only), never page N re-read from page 1. */
  list: (): Promise<ChargingLocation[]> => getPlatform().locations.listOwnLocations(MAX_LOCATIONS),
  get: (id) => getPlatform().locations.getLocation(id),
};
