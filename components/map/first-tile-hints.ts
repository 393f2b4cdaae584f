import { preconnect, preload } from "react-dom";
import { tileAt, tileImageUrl, MAP_INITIAL_ZOOM } from "@/lib/features/map/tile-images";
import { tileOriginOf } from "@/lib/core/security/headers";

/**
 * Resource hints in the map page's HTML, for its largest paint: the first tiles otherwise wait for
 * Leaflet's script before their connection is even opened.
 *
 * - A preconnect to the tile server (the CSP's img-src names the same origin). Skipped for a `{s}`
 *   template: a wildcard origin cannot be connected to, and the preload below opens the one it uses.
 * - A high-priority preload of the tile under the default centre at the opening zoom, the tile
 *   that holds the map's centre whenever the browser's position is not used. When it is, this one
 *   tile is a request the map does not draw (kept by the HTTP cache for the default area): the
 *   price of not waiting for the script on every other visit.
 */
export function hintFirstTiles(tileUrl: string, defaultCentre: { lat: number; lng: number }): void {
  const origin = tileOriginOf(tileUrl);
  if (origin && !origin.includes("*")) preconnect(origin);
  const firstTile = tileImageUrl(tileUrl, tileAt(defaultCentre, MAP_INITIAL_ZOOM));
  if (firstTile) preload(firstTile, { as: "image", fetchPriority: "high" });
}
