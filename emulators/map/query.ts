/**
 * `/v3/poi/` query parsing as the real server does it (OCM `SearchFilterSettings.ParseParameters`,
 * see shared/reference/map-data-api-facts.md §1): names are case-insensitive, values that do not
 * parse fall back to defaults or are skipped silently — the real API rarely answers 400.
 */

export type DistanceUnit = "km" | "miles";

export interface PoiQuery {
  output: string;
  maxResults: number;
  latitude: number | null;
  longitude: number | null;
  /** Radius in km, already converted from `distanceunit`. */
  distanceKm: number;
  unit: DistanceUnit;
  boundingBox: { south: number; north: number; west: number; east: number } | null;
  countryCode: string | null;
  countryIds: number[];
  connectionTypeIds: number[];
  levelIds: number[];
  statusTypeIds: number[];
  operatorIds: number[];
  usageTypeIds: number[];
  dataProviderIds: number[];
  chargePointIds: number[];
  minPowerKw: number | null;
  maxPowerKw: number | null;
  compact: boolean;
  verbose: boolean;
  includeComments: boolean;
  sortBy: "created_asc" | "modified_asc" | "id_asc" | null;
}

export const DEFAULT_MAX_RESULTS = 100;
export const DEFAULT_DISTANCE_KM = 50;
export const KM_PER_MILE = 1.609344;

/** Lower-cased parameter names, first occurrence wins. */
export function lowerCaseParams(params: URLSearchParams): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of params) {
    const key = name.toLowerCase();
    if (!map.has(key)) map.set(key, value.slice(0, 100));
  }
  return map;
}

function number(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return fallback;
}

function intList(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map((item) => Number(item.trim()))
    .filter((n) => Number.isInteger(n));
}

/** `(lat1,lng1),(lat2,lng2)` with corners in any order. */
function boundingBox(value: string | undefined): PoiQuery["boundingBox"] {
  if (!value) return null;
  const numbers = value.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  if (numbers.length !== 4) return null;
  const [lat1, lng1, lat2, lng2] = numbers as [number, number, number, number];
  return {
    south: Math.min(lat1, lat2),
    north: Math.max(lat1, lat2),
    west: Math.min(lng1, lng2),
    east: Math.max(lng1, lng2),
  };
}

export function parsePoiQuery(params: URLSearchParams): PoiQuery {
  const p = lowerCaseParams(params);
  const maxResults = Number.parseInt(p.get("maxresults") ?? "", 10);
  const latitude = number(p.get("latitude"));
  const longitude = number(p.get("longitude"));
  const unitParam = p.get("distanceunit")?.trim().toLowerCase();
  const unit: DistanceUnit = unitParam === "km" || unitParam === "kilometers" ? "km" : "miles";
  const distance = number(p.get("distance"));
  const minPower = number(p.get("minpowerkw"));
  const maxPower = number(p.get("maxpowerkw"));
  const sortBy = p.get("sortby")?.toLowerCase();
  return {
    output: (p.get("output") ?? "json").toLowerCase(),
    maxResults: Number.isNaN(maxResults) ? DEFAULT_MAX_RESULTS : Math.max(0, maxResults),
    // Out-of-range coordinates are dropped, not rejected.
    latitude: latitude !== null && Math.abs(latitude) <= 90 ? latitude : null,
    longitude: longitude !== null && Math.abs(longitude) <= 180 ? longitude : null,
    // The 50 km default applies after unit conversion: it is 50 km even when the unit is miles.
    distanceKm: distance === null ? DEFAULT_DISTANCE_KM : unit === "km" ? distance : distance * KM_PER_MILE,
    unit,
    boundingBox: boundingBox(p.get("boundingbox")),
    countryCode: p.get("countrycode")?.trim().toUpperCase() || null,
    countryIds: intList(p.get("countryid")),
    connectionTypeIds: intList(p.get("connectiontypeid")),
    levelIds: intList(p.get("levelid")),
    statusTypeIds: intList(p.get("statustypeid")),
    operatorIds: intList(p.get("operatorid")),
    usageTypeIds: intList(p.get("usagetypeid")),
    dataProviderIds: intList(p.get("dataproviderid")),
    chargePointIds: intList(p.get("chargepointid") ?? p.get("id")),
    // Values below 1 are ignored by the real server.
    minPowerKw: minPower !== null && minPower >= 1 ? minPower : null,
    maxPowerKw: maxPower !== null && maxPower >= 1 ? maxPower : null,
    compact: bool(p.get("compact"), false),
    verbose: bool(p.get("verbose"), true),
    includeComments: bool(p.get("includecomments"), false),
    sortBy: sortBy === "created_asc" || sortBy === "modified_asc" || sortBy === "id_asc" ? sortBy : null,
  };
}
