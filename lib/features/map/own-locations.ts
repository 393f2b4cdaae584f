import "server-only";
import { locationName } from "@/lib/platform/location-name";
import type { ChargingLocation } from "@/lib/platform/types";
import { distanceKm, type OwnLocation } from "./points";
import { logger } from "@/lib/core/log";

const log = logger("map");

/**
 * The platform's own charge points as a second layer. Today the list is empty and details 404: cope with nothing, and
 * never let the platform break the map.
 */
export interface OwnLocationsSource {
  list(): Promise<ChargingLocation[]>;
  /** Null when the platform answers 404. */
  get(id: number): Promise<ChargingLocation | null>;
}

/** Until the platform client is wired in, and whenever the map runs without a platform. */
export const NO_OWN_LOCATIONS: OwnLocationsSource = {
  list: async () => [],
  get: async () => null,
};

export function toOwnLocation(
  location: ChargingLocation,
  locale: string,
  centre: { lat: number; lng: number },
): OwnLocation | null {
  if (location.latitude === null || location.longitude === null) return null;
  const position = { lat: location.latitude, lng: location.longitude };
  const street = [location.street, location.number].filter((part): part is string => Boolean(part?.trim())).join(" ");
  return {
    id: location.id,
    name: locationName({ id: location.id, names: location.names }, locale),
    address: street || null,
    city: location.city,
    ...position,
    distanceKm: Math.round(distanceKm(centre, position) * 1000) / 1000,
    evses: location.evses.map((evse) => ({
      id: evse.id,
      status: evse.status,
      reference: evse.reference ?? null,
      tariffGroupId: evse.tariffGroupId ?? null,
      connectors: evse.connectors.map((c) => ({ type: c.type, powerKw: c.power })),
    })),
  };
}

const LIST_TTL_MS = 5 * 60 * 1000;

/** The list, read at most every five minutes; on failure the last list (or none) is used. */
export function createOwnLocationsReader(source: OwnLocationsSource, now: () => Date = () => new Date()) {
  let cached: { items: ChargingLocation[]; at: number } | null = null;
  let inflight: Promise<ChargingLocation[]> | null = null;

  async function all(): Promise<ChargingLocation[]> {
    if (cached && now().getTime() - cached.at < LIST_TTL_MS) return cached.items;
    inflight ??= source
      .list()
      .then((items) => {
        cached = { items, at: now().getTime() };
        return items;
      })
      .catch((error: unknown) => {
        log.warn("listing own locations failed; the second layer stays as it was", error);
        // Wait a full period before asking again, keeping whatever we had.
        cached = { items: cached?.items ?? [], at: now().getTime() };
        return cached.items;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  return {
    async near(
      centre: { lat: number; lng: number },
      radiusKm: number,
      limit: number,
      locale: string,
    ): Promise<OwnLocation[]> {
      const items = await all();
      return items
        .map((item) => toOwnLocation(item, locale, centre))
        .filter((item): item is OwnLocation => item !== null && item.distanceKm <= radiusKm)
        .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
        .slice(0, limit);
    },
    async detail(id: number, locale: string): Promise<OwnLocation | null> {
      const location = await source.get(id);
      if (!location) return null;
      const centre =
        location.latitude !== null && location.longitude !== null
          ? { lat: location.latitude, lng: location.longitude }
          : { lat: 0, lng: 0 };
      const view = toOwnLocation(location, locale, centre);
      return view ? { ...view, distanceKm: 0 } : null;
    },
  };
}
