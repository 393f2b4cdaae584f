"use client";
import useSWR from "swr";
import type { OwnLocation, PointsResponse } from "@/lib/map/points";
import { jsonFetcher, type FetchError, type FetchWording } from "@/lib/swr/fetcher";

/** One SWR hook per resource (DESIGN.md convention 6) on the one fetcher; only its wording is here. */

export interface PointsRequest {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

const MAP_WORDING: FetchWording = {
  offline: "You seem to be offline. Check your connection and try again.",
  failed: (status) => {
    if (status === 401) return "Your session has ended. Sign in again to see charge points.";
    if (status === 404) return "Not found.";
    if (status >= 500) return "Charge points could not be loaded right now. Please try again in a minute.";
    return "Charge points could not be loaded.";
  },
};
const fetchPoints = jsonFetcher<PointsResponse>({ wording: MAP_WORDING });
const fetchOwnLocation = jsonFetcher<{ location: OwnLocation }>({ wording: MAP_WORDING });

export function pointsUrl(request: PointsRequest): string {
  const params = new URLSearchParams({
    lat: request.lat.toFixed(5),
    lng: request.lng.toFixed(5),
    radiusKm: String(Math.round(request.radiusKm * 10) / 10),
    limit: String(request.limit),
  });
  return `/api/map/points?${params.toString()}`;
}

/**
 * Answers stay valid for the tile lifetime: no refetch on focus, reconnect or remount, and no
 * automatic retry (the server already serves a saved copy when the map data API is down).
 */
export function usePoints(request: PointsRequest | null, freshForMs: number) {
  return useSWR<PointsResponse, FetchError>(request ? pointsUrl(request) : null, fetchPoints, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
    dedupingInterval: freshForMs,
    keepPreviousData: true,
  });
}

/** Detail of one of the platform's own locations (evses, connectors), read when its popup opens. */
export function useOwnLocation(id: number) {
  return useSWR<{ location: OwnLocation }, FetchError>(`/api/map/locations/${id}`, fetchOwnLocation, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
