"use client";
import { TileLayer, type Coords, type DoneCallback, type TileLayerOptions } from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { OSM_ATTRIBUTION_HTML } from "@/lib/features/map/attribution";

/**
 * The map's image tiles. The tiles of the first view are the page's largest paint (Lighthouse's
 * LCP element on a phone), yet they are discovered only once Leaflet has loaded, behind scripts the
 * browser ranks higher: they are fetched with high priority. Tiles of later pans and zooms keep the
 * default, so they never compete with a popup's or the list's requests.
 *
 * Retina: not requested (Leaflet's `detectRetina` stays off). On a phone's 2–3× screen it would ask
 * for four tiles of the next zoom in place of each one, four times the requests to a tile server
 * whose usage policy (OSM's) asks clients to keep them low, and on a mobile link a later LCP, for
 * sharper street names only. A tile server that offers high-resolution images can still be
 * configured with `{r}` in MAP_TILE_URL: Leaflet fills in "@2x" on such screens, one request a tile.
 */
class FirstViewTileLayer extends TileLayer {
  private firstViewLoaded = false;

  constructor(urlTemplate: string, options: TileLayerOptions) {
    super(urlTemplate, options);
    this.once("load", () => {
      this.firstViewLoaded = true;
    });
  }

  createTile(coords: Coords, done: DoneCallback): HTMLElement {
    const tile = super.createTile(coords, done);
    // The image request starts in a microtask after `src` is set (HTML's "update the image data"
    // awaits a stable state), so a priority set in the same task still applies to it.
    if (!this.firstViewLoaded && tile instanceof HTMLImageElement) tile.fetchPriority = "high";
    return tile;
  }
}

export function MapTiles({ url }: { url: string }) {
  const map = useMap();
  useEffect(() => {
    const layer = new FirstViewTileLayer(url, { attribution: OSM_ATTRIBUTION_HTML, maxZoom: 19 }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, url]);
  return null;
}
