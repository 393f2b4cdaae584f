import "server-only";
import type { Database } from "@/lib/core/db/client";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { OCM_ATTRIBUTION } from "./attribution";
import { createUpstreamGate, type UpstreamGate } from "./errors";
import type { MapDataClient } from "./ocm-client";
import { createOwnLocationsReader, NO_OWN_LOCATIONS, type OwnLocationsSource } from "./own-locations";
import { searchPlaces, type PlaceResult } from "./place-search";
import { toMapPointBase, withDistances, type OwnLocation, type PointsResponse } from "./points";
import type { StoredReferenceData } from "./reference";
import { createReferenceStore, type ReferenceStore } from "./reference-store";
import { createTileCache, UpstreamBlockedError } from "./tile-cache";
import { MAX_DISTANCE_KM, MAX_RESULTS_CAP, TILE_MARGIN_KM, tileFor } from "./tiles";

/**
 * The map's server side in one place: tile cache in front of the map data API, reference data
 * hydration, distances from the caller's own centre, and the platform's own locations.
 */

export interface PointsQuery {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

/**
 * The points answer before it meets a caller: `notice` is still a catalogue key, which the route
 * puts into the caller's language (the tile behind it is shared by every caller).
 */
export type PointsAnswer = Omit<PointsResponse, "notice"> & { notice: MessageKey | null };

export interface MapService {
  findPoints(query: PointsQuery, locale: string): Promise<PointsAnswer>;
  getOwnLocation(id: number, locale: string): Promise<OwnLocation | null>;
  /** A town or an address among the points fetched so far: never a call upstream. */
  findPlaces(query: string, near?: { lat: number; lng: number }): Promise<PlaceResult[]>;
  readonly reference: ReferenceStore;
}

export interface MapServiceOptions {
  client: MapDataClient;
  getDb: () => Promise<Database>;
  tileTtlSeconds: number;
  now?: () => Date;
  ownLocations?: OwnLocationsSource;
  fallbackReference?: () => Promise<StoredReferenceData | null>;
  gate?: UpstreamGate;
}

export function createMapService(options: MapServiceOptions): MapService {
  const now = options.now ?? (() => new Date());
  const gate = options.gate ?? createUpstreamGate(now);
  const reference = createReferenceStore({
    getDb: options.getDb,
    client: options.client,
    gate,
    now,
    fallback: options.fallbackReference,
  });
  const tiles = createTileCache({
    getDb: options.getDb,
    ttlSeconds: options.tileTtlSeconds,
    gate,
    now,
    async fetchTile(tile) {
      const lookup = await reference.getLookup();
      // The reference refresh may just have failed and closed the gate: don't knock again at once.
      const blocked = gate.blocked();
      if (blocked)
        throw new UpstreamBlockedError(
          blocked.kind,
          null,
          "waiting after an earlier failure",
          blocked.retryAfterSeconds,
        );
      // Always the full capped answer for the tile, so every limit and centre inside it is served from one call.
      const pois = await options.client.searchPoints({
        latitude: tile.lat,
        longitude: tile.lng,
        distanceKm: Math.min(MAX_DISTANCE_KM, tile.radiusKm + TILE_MARGIN_KM),
        maxResults: MAX_RESULTS_CAP,
      });
      return pois.map((poi) => toMapPointBase(poi, lookup));
    },
  });
  const own = createOwnLocationsReader(options.ownLocations ?? NO_OWN_LOCATIONS, now);

  return {
    reference,
    async findPoints(query, locale) {
      const centre = { lat: query.lat, lng: query.lng };
      const radiusKm = Math.min(query.radiusKm, MAX_DISTANCE_KM);
      const limit = Math.min(query.limit, MAX_RESULTS_CAP);
      const [tile, ownLocations] = await Promise.all([
        tiles.get(tileFor(centre, radiusKm)),
        own.near(centre, radiusKm, limit, locale),
      ]);
      const points = withDistances(tile.points, centre)
        .filter((point) => point.distanceKm <= radiusKm)
        .slice(0, limit);
      return {
        points,
        ownLocations,
        attribution: OCM_ATTRIBUTION,
        stale: tile.stale,
        notice: tile.notice,
        fetchedAt: tile.fetchedAt.toISOString(),
      };
    },
    async getOwnLocation(id, locale) {
      return own.detail(id, locale);
    },
    async findPlaces(query, near) {
      return searchPlaces(await tiles.savedPoints(), query, near);
    },
  };
}
