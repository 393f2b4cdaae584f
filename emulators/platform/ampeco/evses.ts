import { json, notFound, parseId, readFilters } from "../http";
import type { Route, RouteContext } from "../router";
import {
  evseActivity,
  evseStatusOf,
  evseViewContext,
  hardwareStatusOf,
  isDc,
  physicalReferenceOf,
  placedEvseById,
  placedEvses,
  type PlacedEvse,
} from "./charging-network";
import { evseV20View, evseView } from "./evse-views";
import { PARTNER_ROAMING_OPERATOR_ID } from "./network";
import { listMode, pagedResponse } from "./paging";
import { connectorViews } from "./views";

/**
 * The EVSE resources: v2.1 (listing cursor-only, read; ampeco-openapi-subset.json) and the deprecated v2.0 (listing
 * in both paging modes, read; the charging subset), whose answers carry `Deprecation: true` (the subset marks both
 * operations deprecated and names no date, so no `Sunset`: *inferred*). A QR code's reference is looked up with
 * `filter[physicalReference]` (exact). A filter value that cannot match (not a number, not in its enum) matches
 * nothing: neither listing declares a 422 (*inferred*).
 */
const V20 = /^\/public-api\/resources\/evses\/v2\.0$/;
const V20_ONE = /^\/public-api\/resources\/evses\/v2\.0\/([^/]+)$/;
const V21 = /^\/public-api\/resources\/evses\/v2\.1$/;
const V21_ONE = /^\/public-api\/resources\/evses\/v2\.1\/([^/]+)$/;

const DEPRECATED = { deprecation: "true" };

function deprecated(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(DEPRECATED)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

function findPlaced(ctx: RouteContext): PlacedEvse {
  const id = parseId(ctx.params[0], "Evse");
  const placed = placedEvseById(ctx, id);
  if (!placed) throw notFound("Evse", id);
  return placed;
}

type Test = (placed: PlacedEvse) => boolean;

/** One test per filter given; `number` filters take digits only. */
function filterTests(ctx: RouteContext, keys: readonly string[]): Test[] {
  const raw = readFilters(ctx.url, keys);
  const number = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN);
  const activity = evseActivity(ctx.state);
  const tests: Record<string, (value: string) => Test> = {
    chargePointId: (v) => (p) => p.chargePoint.id === number(v),
    physicalReference: (v) => (p) => physicalReferenceOf(p.evse.id) === v,
    evseStatus: (v) => (p) => evseStatusOf(p.evse) === v,
    hardwareStatus: (v) => (p) => hardwareStatusOf(p.evse, activity, ctx.now, ctx.runtime.settings) === v,
    evseType: (v) => (p) => (isDc(p.evse) ? "dc" : "ac") === v,
    connectorId: (v) => (p) => connectorViews(p.evse).some((c) => c.id === number(v)),
    tariffGroupId: (v) => (p) => p.evse.tariffGroupId === number(v),
    // No EVSE of the network belongs to a partner.
    partnerId: () => () => false,
    roamingPlatformId: (v) => (p) =>
      p.location.roamingOperator !== undefined && number(v) === PARTNER_ROAMING_OPERATOR_ID,
  };
  return Object.entries(raw).map(([key, value]) => (tests[key] as (value: string) => Test)(value));
}

const matching = (ctx: RouteContext, keys: readonly string[]) => {
  const tests = filterTests(ctx, keys);
  return placedEvses(ctx).filter((placed) => tests.every((test) => test(placed)));
};

const V20_FILTERS = [
  "chargePointId",
  "physicalReference",
  "evseStatus",
  "hardwareStatus",
  "evseType",
  "connectorId",
  "tariffGroupId",
  "partnerId",
  "roamingPlatformId",
] as const;

function listV20(ctx: RouteContext) {
  const viewContext = evseViewContext(ctx);
  const evses = matching(ctx, V20_FILTERS);
  return deprecated(pagedResponse(evses, ctx.url, (p) => evseV20View(p, viewContext), listMode(ctx, false)));
}

const withConnectors = (url: URL) =>
  [...url.searchParams.entries()].some(([key, value]) => /^include\[\d*\]$/.test(key) && value === "connectors");

function listV21(ctx: RouteContext) {
  const viewContext = evseViewContext(ctx);
  const evses = matching(ctx, ["chargePointId", "physicalReference"]);
  const connectors = withConnectors(ctx.url);
  return pagedResponse(evses, ctx.url, (p) => evseView(p, viewContext, connectors), listMode(ctx, true));
}

export const ampecoEvseRoutes: Route[] = [
  { method: "GET", pattern: V20, handler: listV20 },
  {
    method: "GET",
    pattern: V20_ONE,
    handler: (ctx) => deprecated(json(200, { data: evseV20View(findPlaced(ctx), evseViewContext(ctx)) })),
  },
  { method: "GET", pattern: V21, handler: listV21 },
  {
    method: "GET",
    pattern: V21_ONE,
    handler: (ctx) => json(200, { data: evseView(findPlaced(ctx), evseViewContext(ctx), withConnectors(ctx.url)) }),
  },
];
