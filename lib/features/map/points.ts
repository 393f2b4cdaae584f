import type { PriceView } from "@/lib/features/charging/shared";
import type { OcmConnection, OcmPoi } from "./ocm-schema";
import type { ReferenceLookup } from "./reference";
import { statusCodeFor, type PointStatusCode } from "./status";

/** Map points and the pure rules that make them. No `server-only` and no zod: the browser imports these. */

/** The labels that matter for EU filters; the spec's five-id table. */
export const CONNECTOR_LABELS_BY_TYPE_ID: Readonly<Record<number, FilterableConnector>> = {
  33: "CCS2",
  32: "CCS1",
  25: "Type 2",
  1036: "Type 2",
  2: "CHAdeMO",
};

export const FILTERABLE_CONNECTORS = ["CCS2", "Type 2", "CHAdeMO", "CCS1"] as const;
export type FilterableConnector = (typeof FILTERABLE_CONNECTORS)[number];

export interface MapConnector {
  /** "CCS2", "Type 2", "CHAdeMO", "CCS1", or the reference title for any other type. */
  label: string;
  powerKw: number | null;
  /** Number of such connections; the API omits Quantity often, which counts as 1. */
  quantity: number;
}

/** A point before the distance to a particular centre is known: what the tile cache stores. */
export interface MapPointBase {
  id: number;
  title: string;
  address: string | null;
  town: string | null;
  postcode: string | null;
  /** Title of a demo point without its "Demo data · " prefix, which the page words in its own language. */
  demo: boolean;
  lat: number;
  lng: number;
  maxPowerKw: number | null;
  connectors: MapConnector[];
  operator: string | null;
  usageCost: string | null;
  /** The data's own English title of the status; the page shows `statusCode` in its language. */
  status: string | null;
  statusCode: PointStatusCode;
  isOperational: boolean | null;
  /** Who supplied the record and under which licence: shown in the popup (OCM terms ask for it). */
  dataProvider: { title: string; licence: string | null } | null;
}

export interface MapPoint extends MapPointBase {
  distanceKm: number;
}

export interface MapAttribution {
  text: string;
  url: string;
  licenceUrl: string;
}

export interface OwnLocationConnector {
  type: string;
  powerKw: number | null;
}

/** One charging spot of an own location, with its live status and (ampeco) the price it has for whoever looks. */
export interface OwnLocationEvse {
  id: number;
  status: string;
  reference?: string | null;
  tariffGroupId?: number | null;
  /** Filled by the detail read where the platform prices EVSEs (ampeco). */
  price?: PriceView;
  connectors: OwnLocationConnector[];
}

/** A charge point on the platform's own network (spec §2.4), shown as a second layer. */
export interface OwnLocation {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  lat: number;
  lng: number;
  distanceKm: number;
  /** Empty on list items; the detail read fills it. */
  evses: OwnLocationEvse[];
}

/** Body of `GET /api/map/points`. */
export interface PointsResponse {
  points: MapPoint[];
  ownLocations: OwnLocation[];
  attribution: MapAttribution;
  /** True when live data was unavailable and a saved copy is shown; `notice` then says so. */
  stale: boolean;
  notice: string | null;
  fetchedAt: string;
}

/** Body of every 4xx/5xx answer of the map API routes. */
export interface MapErrorResponse {
  error: string;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance; the portal computes distances itself (the API may answer in miles). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Power of a point: the highest PowerKW over its connections; null when none states one. */
export function maxPowerKw(connections: readonly { PowerKW?: number | null }[] | null | undefined): number | null {
  let max: number | null = null;
  for (const connection of connections ?? []) {
    const power = connection.PowerKW;
    if (typeof power === "number" && Number.isFinite(power) && power > 0 && (max === null || power > max)) max = power;
  }
  return max;
}

export function connectorLabel(
  connection: Pick<OcmConnection, "ConnectionTypeID" | "ConnectionType">,
  lookup: ReferenceLookup,
): string {
  const typeId = connection.ConnectionTypeID ?? connection.ConnectionType?.ID ?? null;
  if (typeId !== null) {
    const fixed = CONNECTOR_LABELS_BY_TYPE_ID[typeId];
    if (fixed) return fixed;
    const title = lookup.connectionTypeTitle(typeId) ?? connection.ConnectionType?.Title?.trim();
    if (title) return title;
    return `Connector type ${typeId}`;
  }
  return connection.ConnectionType?.Title?.trim() || "Unknown connector";
}

/** One entry per distinct label and power, so eight identical 150 kW posts read as "CCS2 150 kW × 8". */
export function toConnectors(
  connections: readonly OcmConnection[] | null | undefined,
  lookup: ReferenceLookup,
): MapConnector[] {
  const merged = new Map<string, MapConnector>();
  for (const connection of connections ?? []) {
    const label = connectorLabel(connection, lookup);
    const power = connection.PowerKW;
    const powerKw = typeof power === "number" && Number.isFinite(power) && power > 0 ? power : null;
    const quantity = connection.Quantity && connection.Quantity > 0 ? connection.Quantity : 1;
    const key = `${label}|${powerKw ?? ""}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += quantity;
    else merged.set(key, { label, powerKw, quantity });
  }
  return [...merged.values()].sort((a, b) => (b.powerKw ?? -1) - (a.powerKw ?? -1) || a.label.localeCompare(b.label));
}

/** Real data has the literal string "null" and empty strings where a value is missing. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.toLowerCase() !== "null" ? trimmed : null;
}

// Operator IDs 0 and 1 are "(Unknown Operator)": an operator line saying "unknown" helps nobody.
const UNKNOWN_OPERATOR_IDS = new Set([0, 1]);

function operatorOf(poi: OcmPoi, lookup: ReferenceLookup): string | null {
  const id = poi.OperatorID ?? poi.OperatorInfo?.ID ?? null;
  if (id !== null && UNKNOWN_OPERATOR_IDS.has(id)) return null;
  return text(poi.OperatorInfo?.Title) ?? (id !== null ? (lookup.operatorTitle(id) ?? null) : null);
}

type PointStatus = { status: string | null; statusCode: PointStatusCode; isOperational: boolean | null };

/**
 * Status of the point; when the point has none (common in compact data), the best status among its
 * connections stands in for it, since "some connector works" is what a driver needs to know.
 */
function statusOf(poi: OcmPoi, lookup: ReferenceLookup): PointStatus {
  const resolve = (
    id: number | null | undefined,
    embedded?: { Title?: string | null; IsOperational?: boolean | null } | null,
  ): PointStatus | null => {
    const fromLookup = id !== null && id !== undefined ? lookup.statusType(id) : undefined;
    const title = fromLookup?.title ?? text(embedded?.Title);
    if (!title || id === 0) return null;
    const isOperational = fromLookup ? fromLookup.isOperational : (embedded?.IsOperational ?? null);
    return { status: title, statusCode: statusCodeFor(id, title, isOperational), isOperational };
  };
  const own = resolve(poi.StatusTypeID ?? poi.StatusType?.ID, poi.StatusType);
  if (own) return own;
  const fromConnections = (poi.Connections ?? [])
    .map((c) => resolve(c.StatusTypeID ?? c.StatusType?.ID, c.StatusType))
    .filter((s): s is PointStatus => s !== null);
  return (
    fromConnections.find((s) => s.isOperational === true) ??
    fromConnections[0] ?? { status: null, statusCode: "unknown", isOperational: null }
  );
}

/**
 * The map data emulator's generated points are titled "Demo data · …" (emulators/map/demo-points.ts): the prefix is
 * kept apart so the page says it in its own language.
 */
export const DEMO_TITLE_PREFIX = "Demo data · ";

function withoutDemoPrefix(title: string): { title: string; demo: boolean } {
  return title.startsWith(DEMO_TITLE_PREFIX)
    ? { title: title.slice(DEMO_TITLE_PREFIX.length).trim(), demo: true }
    : { title, demo: false };
}

export function toMapPointBase(poi: OcmPoi, lookup: ReferenceLookup): MapPointBase {
  const address = poi.AddressInfo;
  const providerId = poi.DataProviderID ?? poi.DataProvider?.ID ?? null;
  const provider =
    (providerId !== null ? lookup.dataProvider(providerId) : undefined) ??
    (text(poi.DataProvider?.Title)
      ? { title: text(poi.DataProvider?.Title) as string, licence: text(poi.DataProvider?.License) }
      : null);
  return {
    id: poi.ID,
    ...withoutDemoPrefix(text(address.Title) ?? text(address.AddressLine1) ?? `Charge point ${poi.ID}`),
    address: text(address.AddressLine1),
    town: text(address.Town),
    postcode: text(address.Postcode),
    lat: address.Latitude,
    lng: address.Longitude,
    maxPowerKw: maxPowerKw(poi.Connections),
    connectors: toConnectors(poi.Connections, lookup),
    operator: operatorOf(poi, lookup),
    usageCost: text(poi.UsageCost),
    ...statusOf(poi, lookup),
    dataProvider: provider ?? null,
  };
}

/** Distance from `centre` added, nearest first; ties keep a stable order by id. */
export function withDistances(points: readonly MapPointBase[], centre: { lat: number; lng: number }): MapPoint[] {
  return points
    .map((point) => ({ ...point, distanceKm: Math.round(distanceKm(centre, point) * 1000) / 1000 }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
}
