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

/** The tile that holds a point at a zoom: the one Leaflet draws under the map's centre. */
export function tileAt({ lat, lng }: { lat: number; lng: number }, z: number): TileCoords {
  const scale = 2 ** z;
  const clamped = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * scale);
  const y = Math.floor(((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * scale);
  const wrap = (n: number) => ((n % scale) + scale) % scale;
  return { x: wrap(x), y: Math.max(0, Math.min(scale - 1, y)), z };
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
