"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import useSWR from "swr";
import type { OwnLocation, PlaceSearchResponse, PointsResponse } from "@/lib/features/map/shared";
import { jsonFetcher, type FetchError, type FetchWording } from "@/lib/core/swr-fetcher";

/** One SWR hook per resource (DESIGN.md convention 6) on the one fetcher; only its wording is here. */

export interface PointsRequest {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

/** The map's fetch wording in the page's language; the server's own `error` words win when it sends them. */
function useMapWording(): FetchWording {
  const t = useTranslations("map");
  return useMemo(
    () => ({
      offline: t("fetch.offline"),
      failed: (status) => {
        if (status === 401) return t("fetch.signedOut");
        if (status === 404) return t("fetch.notFound");
        if (status >= 500) return t("fetch.unavailable");
        return t("fetch.failed");
      },
    }),
    [t],
  );
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
  const wording = useMapWording();
  // A new fetcher (another language) fetches nothing by itself: SWR keys on the URL.
  const fetchPoints = useMemo(() => jsonFetcher<PointsResponse>({ wording }), [wording]);
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
  const wording = useMapWording();
  const fetchOwnLocation = useMemo(() => jsonFetcher<{ location: OwnLocation }>({ wording }), [wording]);
  return useSWR<{ location: OwnLocation }, FetchError>(`/api/map/locations/${id}`, fetchOwnLocation, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** A place search (issue 36): towns and addresses among the points fetched so far; `null` asks nothing. */
export function usePlaceSearch(query: { text: string; near: LatLngLike | null } | null) {
  const wording = useMapWording();
  const fetchPlaces = useMemo(() => jsonFetcher<PlaceSearchResponse>({ wording }), [wording]);
  return useSWR<PlaceSearchResponse, FetchError>(query ? placeSearchUrl(query.text, query.near) : null, fetchPlaces, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

type LatLngLike = { lat: number; lng: number };

export function placeSearchUrl(text: string, near: LatLngLike | null): string {
  const params = new URLSearchParams({ q: text });
  if (near) {
    params.set("lat", near.lat.toFixed(3));
    params.set("lng", near.lng.toFixed(3));
  }
  return `/api/map/search?${params.toString()}`;
}
