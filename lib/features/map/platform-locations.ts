import "server-only";
import { getPlatform } from "@/lib/platform";
import type { ChargingLocation } from "@/lib/platform/types";
import type { OwnLocationsSource } from "./own-locations";

/**
 * The map's second layer reads the platform's own locations (spec §4.11–4.12) through the one
 * platform client. Today the list is empty and every detail is a 404 (null); the map copes.
 */
const PAGE_SIZE = 100;
// A safety cap: a network of 2,000 own sites is far beyond what a map page should receive at once.
const MAX_PAGES = 20;

export const platformOwnLocations: OwnLocationsSource = {
  async list(): Promise<ChargingLocation[]> {
    const locations: ChargingLocation[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const result = await getPlatform().locations.listLocations({ page, perPage: PAGE_SIZE });
      locations.push(...result.items);
      if (!result.hasNext || result.items.length === 0) break;
    }
    return locations;
  },
  get: (id) => getPlatform().locations.getLocation(id),
};
