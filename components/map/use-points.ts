"use client";
import useSWR from "swr";
import type { MapErrorResponse, OwnLocation, PointsResponse } from "@/lib/map/points";

/** One SWR hook per resource (DESIGN.md convention 6), and one fetcher that throws with the status. */

export interface PointsRequest {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

export class MapFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MapFetchError";
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return "Your session has ended. Sign in again to see charge points.";
  if (status === 404) return "Not found.";
  if (status >= 500) return "Charge points could not be loaded right now. Please try again in a minute.";
  return "Charge points could not be loaded.";
}

export async function fetchMapJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
  } catch {
    throw new MapFetchError(0, "You seem to be offline. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<MapErrorResponse> | null;
    throw new MapFetchError(response.status, typeof body?.error === "string" ? body.error : fallbackMessage(response.status));
  }
  return (await response.json()) as T;
}

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
  return useSWR<PointsResponse, MapFetchError>(request ? pointsUrl(request) : null, fetchMapJson<PointsResponse>, {
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
  return useSWR<{ location: OwnLocation }, MapFetchError>(`/api/map/locations/${id}`, fetchMapJson<{ location: OwnLocation }>, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
