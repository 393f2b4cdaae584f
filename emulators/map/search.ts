import { KM_PER_MILE, type PoiQuery } from "./query";
import type { EmulatorPoi, EmulatorReferenceData } from "./types";

/**
 * Which points a `/v3/poi/` query returns and in what order, after the real server's Mongo path
 * (facts §1 "Implicit filters" and "Sorting and Distance").
 */

export interface SearchHit {
  poi: EmulatorPoi;
  /** Set on latitude/longitude searches only, in the requested unit. */
  distance: { value: number; unit: 1 | 2 } | null;
}

const REMOVED_STATUS_IDS = new Set([200, 210]);
const PUBLISHED_SUBMISSION_IDS = new Set([100, 200]);

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function anyConnection(
  poi: EmulatorPoi,
  test: (c: NonNullable<EmulatorPoi["Connections"]>[number]) => boolean,
): boolean {
  return (poi.Connections ?? []).some(test);
}

function countryIdsFor(query: PoiQuery, reference: EmulatorReferenceData): number[] {
  const ids = [...query.countryIds];
  if (query.countryCode) {
    const country = reference.Countries.find((c) => c.ISOCode?.toUpperCase() === query.countryCode);
    // An unknown code gives no country filter at all (a real-server quirk, kept on purpose).
    if (country) ids.push(country.ID);
  }
  return ids;
}

function matches(poi: EmulatorPoi, query: PoiQuery, countryIds: number[]): boolean {
  if (poi.StatusTypeID != null && REMOVED_STATUS_IDS.has(poi.StatusTypeID)) return false;
  if (poi.SubmissionStatusTypeID != null && !PUBLISHED_SUBMISSION_IDS.has(poi.SubmissionStatusTypeID)) return false;
  const inList = (list: number[], value: number | null | undefined) =>
    list.length === 0 || (value != null && list.includes(value));
  if (!inList(query.chargePointIds, poi.ID)) return false;
  if (!inList(countryIds, poi.AddressInfo.CountryID)) return false;
  if (!inList(query.operatorIds, poi.OperatorID)) return false;
  if (!inList(query.usageTypeIds, poi.UsageTypeID)) return false;
  if (!inList(query.dataProviderIds, poi.DataProviderID)) return false;
  // A null StatusTypeID never matches a status filter.
  if (!inList(query.statusTypeIds, poi.StatusTypeID)) return false;
  // Each connection filter is "any connection", checked independently of the others.
  if (
    query.connectionTypeIds.length > 0 &&
    !anyConnection(poi, (c) => c.ConnectionTypeID != null && query.connectionTypeIds.includes(c.ConnectionTypeID))
  )
    return false;
  if (query.levelIds.length > 0 && !anyConnection(poi, (c) => c.LevelID != null && query.levelIds.includes(c.LevelID)))
    return false;
  if (query.minPowerKw !== null && !anyConnection(poi, (c) => (c.PowerKW ?? -Infinity) >= (query.minPowerKw as number)))
    return false;
  if (query.maxPowerKw !== null && !anyConnection(poi, (c) => (c.PowerKW ?? Infinity) <= (query.maxPowerKw as number)))
    return false;
  const box = query.boundingBox;
  if (box) {
    const { Latitude: lat, Longitude: lng } = poi.AddressInfo;
    if (lat < box.south || lat > box.north || lng < box.west || lng > box.east) return false;
  }
  return true;
}

function sortByParameter(hits: SearchHit[], sortBy: PoiQuery["sortBy"]): SearchHit[] {
  const field = (hit: SearchHit, name: string) => String(hit.poi[name] ?? "");
  if (sortBy === "id_asc") return hits.sort((a, b) => a.poi.ID - b.poi.ID);
  if (sortBy === "created_asc")
    return hits.sort((a, b) => field(a, "DateCreated").localeCompare(field(b, "DateCreated")));
  if (sortBy === "modified_asc")
    return hits.sort((a, b) => field(a, "DateLastStatusUpdate").localeCompare(field(b, "DateLastStatusUpdate")));
  return hits;
}

/** `points` must be in ID-descending order (the dataset keeps it so). */
export function searchPoints(
  points: readonly EmulatorPoi[],
  query: PoiQuery,
  reference: EmulatorReferenceData,
): SearchHit[] {
  const countryIds = countryIdsFor(query, reference);
  const candidates = points.filter((poi) => matches(poi, query, countryIds));

  // A bounding box wins over latitude/longitude, and its answer is not sorted at all.
  if (query.boundingBox) {
    return sortByParameter(
      candidates.map((poi) => ({ poi, distance: null })),
      query.sortBy,
    ).slice(0, query.maxResults);
  }
  if (query.latitude !== null && query.longitude !== null) {
    const { latitude, longitude } = query;
    const hits = candidates
      .map((poi) => ({
        poi,
        km: haversineKm(latitude, longitude, poi.AddressInfo.Latitude, poi.AddressInfo.Longitude),
      }))
      .filter((hit) => hit.km <= query.distanceKm)
      .sort((a, b) => a.km - b.km);
    return hits.slice(0, query.maxResults).map(({ poi, km }) => ({
      poi,
      distance: query.unit === "km" ? { value: km, unit: 1 } : { value: km / KM_PER_MILE, unit: 2 },
    }));
  }
  // Neither: newest first (ID descending) unless sortby says otherwise.
  return sortByParameter(
    candidates.map((poi) => ({ poi, distance: null })),
    query.sortBy,
  ).slice(0, query.maxResults);
}
