import type { Namespace } from "@/lib/core/i18n/client-namespaces";
/** The map feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export { OCM_ATTRIBUTION, OCM_ATTRIBUTION_HTML, OSM_ATTRIBUTION_HTML, OSM_COPYRIGHT_URL } from "./attribution";
export {
  applyFiltersToSearchParams,
  describeFilters,
  filterPoints,
  filtersFromSearchParams,
  hasFilters,
  MIN_POWER_CHOICES_KW,
  parseConnector,
  parseMinKw,
  type PointFilters,
} from "./filters";
export { directionsUri } from "./directions";
export { formatConnector, formatDistance, formatKw, formatPower, formatUsageCost } from "./format";
export { indexPoints, type PointIndex } from "./point-clusters";
export { PLACE_QUERY_MAX, PLACE_QUERY_MIN, type PlaceResult, type PlaceSearchResponse } from "./place-search";
export { FILTERABLE_CONNECTORS, type MapPoint, type OwnLocation, type PointsResponse } from "./points";
export { POINT_STATUS_CODES, type PointStatusCode } from "./status";
export { MAP_INITIAL_ZOOM, tileAt, tileImageUrl, tilesAround } from "./tile-images";
export { createTileMemory } from "./tile-memory";
export { clamp, INITIAL_POINT_COUNT, INITIAL_RADIUS_KM, MAX_DISTANCE_KM, tileFor } from "./tiles";

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["map"] as const satisfies readonly Namespace[];
