import { z } from "zod";
import { json, notFound, parseId, validate } from "../http";
import type { Route, RouteContext } from "../router";
import type { SeedLocation } from "../seed-data";
import { chargePointsOf, findChargePoint as chargePointAmong, isRoamingLocation, servedLocations } from "./network";
import { listMode, pagedResponse } from "./paging";
import { evseViewContext, placedOn } from "./charging-network";
import { evseView } from "./evse-views";
import { ampecoLocationView, chargePointView, connectorViews } from "./views";

/**
 * Locations v2.0 and charge points v2.0 with their EVSEs and connectors, all cursor-only lists.
 * Locations embed no EVSEs: a client finds them through `charge-points/v2.0?filter[locationId]=`.
 * Which locations are served and how charge points hold their EVSEs: network.ts.
 */
const V2 = "\\/public-api\\/resources";
const LOCATIONS = new RegExp(`^${V2}\\/locations\\/v2\\.0$`);
const LOCATION = new RegExp(`^${V2}\\/locations\\/v2\\.0\\/([^/]+)$`);
const CHARGE_POINTS = new RegExp(`^${V2}\\/charge-points\\/v2\\.0$`);
const CHARGE_POINT = new RegExp(`^${V2}\\/charge-points\\/v2\\.0\\/([^/]+)$`);
const EVSES = new RegExp(`^${V2}\\/charge-points\\/v2\\.0\\/([^/]+)\\/evses$`);
const EVSE = new RegExp(`^${V2}\\/charge-points\\/v2\\.0\\/([^/]+)\\/evses\\/([^/]+)$`);
const CONNECTORS = new RegExp(`^${V2}\\/charge-points\\/v2\\.0\\/([^/]+)\\/evses\\/([^/]+)\\/connectors$`);
const CONNECTOR = new RegExp(`^${V2}\\/charge-points\\/v2\\.0\\/([^/]+)\\/evses\\/([^/]+)\\/connectors\\/([^/]+)$`);

const served = (ctx: RouteContext): readonly SeedLocation[] => servedLocations(ctx);

function findLocation(ctx: RouteContext, raw: string | undefined): SeedLocation {
  const id = parseId(raw, "Location");
  const location = served(ctx).find((l) => l.id === id);
  if (!location) throw notFound("Location", id);
  return location;
}

function findChargePoint(ctx: RouteContext, raw: string | undefined) {
  const id = parseId(raw, "ChargePoint");
  const chargePoint = chargePointAmong(served(ctx), id, ctx.runtime.settings.chargePoints);
  if (!chargePoint) throw notFound("ChargePoint", id);
  return chargePoint;
}

function findPlacedEvse(ctx: RouteContext) {
  const chargePoint = findChargePoint(ctx, ctx.params[0]);
  const id = parseId(ctx.params[1], "Evse");
  const placed = placedOn(chargePoint).find((p) => p.evse.id === id);
  if (!placed) throw notFound("Evse", id);
  return placed;
}

const findEvse = (ctx: RouteContext) => findPlacedEvse(ctx).evse;

const ChargePointFilterSchema = z.object({
  locationId: z
    .string()
    .regex(/^\d{1,10}$/, "The :attribute field must be an integer.")
    .transform(Number)
    .optional(),
});

/**
 * `include[]` values of the EVSE listing (`include[]=…` or `include[0]=…`). The operation declares
 * `chargingProfile` and `connectors` and no 422, so another value embeds nothing (inferred).
 */
function includes(url: URL): string[] {
  return [...url.searchParams.entries()].filter(([key]) => /^include\[\d*\]$/.test(key)).map(([, value]) => value);
}

function listEvses(ctx: RouteContext) {
  const withConnectors = includes(ctx.url).includes("connectors");
  const viewContext = evseViewContext(ctx);
  return pagedResponse(
    placedOn(findChargePoint(ctx, ctx.params[0])),
    ctx.url,
    (placed) => evseView(placed, viewContext, withConnectors),
    listMode(ctx, true),
  );
}

function listChargePoints(ctx: RouteContext) {
  const raw = ctx.url.searchParams.get("filter[locationId]");
  const filter = validate(ChargePointFilterSchema, raw === null ? {} : { locationId: raw }, "filter.");
  const chargePoints = served(ctx)
    .filter((l) => filter.locationId === undefined || l.id === filter.locationId)
    .flatMap((l) => chargePointsOf(l, ctx.runtime.settings.chargePoints));
  return pagedResponse(chargePoints, ctx.url, (cp) => chargePointView(cp, ctx.state.seededAt), listMode(ctx, true));
}

/**
 * `filter[roaming]` as Laravel reads a boolean (true/false/1/0): the partners' sites, or the tenant's own. The listing
 * declares no 422, so another value filters nothing (inferred).
 */
const ROAMING_VALUES: Record<string, boolean> = { true: true, "1": true, false: false, "0": false };

function listLocations(ctx: RouteContext) {
  const roaming = ROAMING_VALUES[ctx.url.searchParams.get("filter[roaming]") ?? ""];
  const locations = served(ctx).filter((l) => roaming === undefined || isRoamingLocation(l) === roaming);
  return pagedResponse(locations, ctx.url, (l) => ampecoLocationView(l, ctx.state.seededAt), listMode(ctx, true));
}

export const ampecoLocationRoutes: Route[] = [
  { method: "GET", pattern: LOCATIONS, handler: listLocations },
  {
    method: "GET",
    pattern: LOCATION,
    handler: (ctx) => json(200, { data: ampecoLocationView(findLocation(ctx, ctx.params[0]), ctx.state.seededAt) }),
  },
  { method: "GET", pattern: CHARGE_POINTS, handler: listChargePoints },
  {
    method: "GET",
    pattern: CHARGE_POINT,
    handler: (ctx) => json(200, { data: chargePointView(findChargePoint(ctx, ctx.params[0]), ctx.state.seededAt) }),
  },
  { method: "GET", pattern: EVSES, handler: listEvses },
  // The single read declares no include: its connectors are read through the connectors listing (inferred).
  {
    method: "GET",
    pattern: EVSE,
    handler: (ctx) => json(200, { data: evseView(findPlacedEvse(ctx), evseViewContext(ctx), false) }),
  },
  { method: "GET", pattern: CONNECTORS, handler: (ctx) => json(200, { data: connectorViews(findEvse(ctx)) }) },
  {
    method: "GET",
    pattern: CONNECTOR,
    handler: (ctx) => {
      const id = parseId(ctx.params[2], "Connector");
      const connector = connectorViews(findEvse(ctx)).find((c) => c.id === id);
      if (!connector) throw notFound("Connector", id);
      return json(200, { data: connector });
    },
  },
];
