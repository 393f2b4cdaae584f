/**
 * Background image tiles, as opposed to the search tiles of `tiles.ts`. Shared by server and browser, so both agree on
 * the first tile the page preloads.
 */

export const MAP_INITIAL_ZOOM = 13;
/** Leaflet's default subdomains for a `{s}` in the template. */
const SUBDOMAINS = ["a", "b", "c"];
/** Web Mercator's limit, as Leaflet clamps it. */
const MAX_LATITUDE = 85.0511287798;

export interface TileCoords {
  x: number;
  y: number;
  z: number;
}

const TILE_SIZE = 256;

/** A point's place on the world's tile grid at a zoom, in tiles (Web Mercator, as Leaflet projects it). */
function gridPoint({ lat, lng }: { lat: number; lng: number }, z: number): { x: number; y: number } {
  const scale = 2 ** z;
  const clamped = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * scale,
  };
}

/** The tile that holds a point at a zoom: the one Leaflet draws under the map's centre. */
export function tileAt(point: { lat: number; lng: number }, z: number): TileCoords {
  const scale = 2 ** z;
  const { x, y } = gridPoint(point, z);
  const wrap = (n: number) => ((n % scale) + scale) % scale;
  return { x: wrap(Math.floor(x)), y: Math.max(0, Math.min(scale - 1, Math.floor(y))), z };
}

export interface PlacedTile {
  url: string;
  /** The tile's top left corner from the point, in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The 3 × 3 tiles around a point, each placed where Leaflet will draw it with the point in the map's middle; none when
 * only the browser can fill the template. The map page shows them before Leaflet's script has run.
 */
export function tilesAround(template: string, point: { lat: number; lng: number }, z: number): PlacedTile[] {
  const scale = 2 ** z;
  const { x, y } = gridPoint(point, z);
  const tiles: PlacedTile[] = [];
  for (let row = Math.floor(y) - 1; row <= Math.floor(y) + 1; row++) {
    if (row < 0 || row >= scale) continue;
    for (let column = Math.floor(x) - 1; column <= Math.floor(x) + 1; column++) {
      const url = tileImageUrl(template, { x: ((column % scale) + scale) % scale, y: row, z });
      if (url === null) return [];
      tiles.push({ url, left: Math.round((column - x) * TILE_SIZE), top: Math.round((row - y) * TILE_SIZE) });
    }
  }
  return tiles;
}

/** The URL Leaflet will request, or null when only the browser can fill the template (a guess wastes a request). */
export function tileImageUrl(template: string, { x, y, z }: TileCoords): string | null {
  const values: Record<string, string> = {
    x: String(x),
    y: String(y),
    z: String(z),
    // Leaflet's own choice of subdomain, so the browser's request hits the preloaded response.
    s: SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length] as string,
  };
  let unknown = false;
  const url = template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) unknown = true;
    return value ?? "";
  });
  return unknown ? null : url;
}
