"use client";
import { TileLayer, type Coords, type DoneCallback, type TileLayerOptions } from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { OSM_ATTRIBUTION_HTML } from "@/lib/features/map/shared";

/**
 * First-view tiles (the LCP) are fetched with high priority, later ones not. Retina is off on purpose:
 * docs/design-notes.md#componentsmapfirst-view-tile-layertsx.
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
