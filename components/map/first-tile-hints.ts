import { preconnect, preload } from "react-dom";
import { tileAt, tileImageUrl, MAP_INITIAL_ZOOM } from "@/lib/features/map/shared";
import { tileOriginOf } from "@/lib/core/security/headers";

/**
 * Preconnect and preload the first tile in the HTML: otherwise it waits for Leaflet's script (the page's LCP). Why and
 * the trade-off: docs/design-notes.md#componentsmapfirst-tile-hintsts.
 */
export function hintFirstTiles(tileUrl: string, defaultCentre: { lat: number; lng: number }): void {
  const origin = tileOriginOf(tileUrl);
  if (origin && !origin.includes("*")) preconnect(origin);
  const firstTile = tileImageUrl(tileUrl, tileAt(defaultCentre, MAP_INITIAL_ZOOM));
  if (firstTile) preload(firstTile, { as: "image", fetchPriority: "high" });
}
