/** Search tiles: the centre rounded to 0.1° plus a radius bucket, so nearby viewers share one upstream answer. Pure. */

/** Spec §8: the caller caps maxresults at 500 and the radius at 200 km. */
export const MAX_RESULTS_CAP = 500;
export const MAX_DISTANCE_KM = 200;
/** Spec §4.16: 8 nearest points on opening the map. */
export const INITIAL_POINT_COUNT = 8;
/** Spec §8: "usually 40 to 80 km on a first load". */
export const INITIAL_RADIUS_KM = 50;

const TILE_DEGREES = 0.1;
export const RADIUS_BUCKETS_KM = [5, 10, 25, 50, 100, 200] as const;

/** Half a 0.1° cell's diagonal is at most ~7.9 km: the search is widened by this so every point in range is found. */
export const TILE_MARGIN_KM = 8;

export function roundToTile(degrees: number): number {
  // Work in tenths so 52.35 → 52.4 is not lost to binary fractions, and -0 never appears in keys.
  const rounded = Math.round(degrees / TILE_DEGREES) / 10;
  return rounded === 0 ? 0 : rounded;
}

export function radiusBucket(radiusKm: number): number {
  return RADIUS_BUCKETS_KM.find((bucket) => radiusKm <= bucket) ?? MAX_DISTANCE_KM;
}

export interface Tile {
  key: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

export function tileFor(centre: { lat: number; lng: number }, radiusKm: number): Tile {
  const lat = roundToTile(centre.lat);
  // Longitude wraps: 180.0 and -180.0 are the same meridian.
  const lng = roundToTile(centre.lng) === -180 ? 180 : roundToTile(centre.lng);
  const bucket = radiusBucket(radiusKm);
  return { key: `${lat.toFixed(1)},${lng.toFixed(1)}@${bucket}`, lat, lng, radiusKm: bucket };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
