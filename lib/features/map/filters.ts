import { FILTERABLE_CONNECTORS, type FilterableConnector, type MapConnector } from "./points";

/**
 * Filters applied here: the API matches "any connection", so both conditions must hold on one connector. Pure, for the
 * browser: filter changes cause no request.
 */

export interface PointFilters {
  connector: FilterableConnector | null;
  minKw: number | null;
}

export const NO_FILTERS: PointFilters = { connector: null, minKw: null };

/** Minimum-power choices offered in the UI; any positive number from the URL is honoured too. */
export const MIN_POWER_CHOICES_KW = [11, 22, 50, 100, 150] as const;

/** URL values are compact and space-free: `?connector=Type2&minKw=50`. */
const CONNECTOR_URL_VALUES: Record<FilterableConnector, string> = {
  CCS2: "CCS2",
  "Type 2": "Type2",
  CHAdeMO: "CHAdeMO",
  CCS1: "CCS1",
};

function squash(value: string): string {
  return value.replace(/[\s_-]+/g, "").toLowerCase();
}

export function parseConnector(value: string | null | undefined): FilterableConnector | null {
  if (!value) return null;
  const wanted = squash(value);
  return FILTERABLE_CONNECTORS.find((c) => squash(c) === wanted) ?? null;
}

export function parseMinKw(value: string | null | undefined): number | null {
  if (!value) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 && n <= 1000 ? n : null;
}

/** Unknown or malformed values are ignored (the map still works), never an error. */
export function filtersFromSearchParams(params: Pick<URLSearchParams, "get">): PointFilters {
  return { connector: parseConnector(params.get("connector")), minKw: parseMinKw(params.get("minKw")) };
}

/** Writes the filters into `params`, leaving every other parameter alone. */
export function applyFiltersToSearchParams(params: URLSearchParams, filters: PointFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.connector) next.set("connector", CONNECTOR_URL_VALUES[filters.connector]);
  else next.delete("connector");
  if (filters.minKw) next.set("minKw", String(filters.minKw));
  else next.delete("minKw");
  return next;
}

export function hasFilters(filters: PointFilters): boolean {
  return filters.connector !== null || filters.minKw !== null;
}

export function connectorMatches(connector: MapConnector, filters: PointFilters): boolean {
  if (filters.connector && connector.label !== filters.connector) return false;
  if (filters.minKw !== null && (connector.powerKw === null || connector.powerKw < filters.minKw)) return false;
  return true;
}

export function matchesFilters(point: { connectors: readonly MapConnector[] }, filters: PointFilters): boolean {
  if (!hasFilters(filters)) return true;
  return point.connectors.some((connector) => connectorMatches(connector, filters));
}

export function filterPoints<T extends { connectors: readonly MapConnector[] }>(
  points: readonly T[],
  filters: PointFilters,
): T[] {
  return points.filter((point) => matchesFilters(point, filters));
}

/**
 * "CCS2, at least 50 kW" — for empty-state messages and the live region. `atLeast` words the
 * minimum power in the page's language ("at least 50 kW"); connector names are data.
 */
export function describeFilters(filters: PointFilters, atLeast: (minKw: number) => string): string {
  const parts: string[] = [];
  if (filters.connector) parts.push(filters.connector);
  if (filters.minKw !== null) parts.push(atLeast(filters.minKw));
  return parts.join(", ");
}
