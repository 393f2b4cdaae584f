import { json, notFound, parseId, readFilters } from "../http";
import type { Route, RouteContext } from "../router";
import { toUtcIso } from "../time";
import { listMode, pagedResponse } from "./paging";
import { tariffById, tariffFor, tariffGroupById, TARIFFS, type Tariff } from "./tariff-book";

/**
 * Tariffs v1.0 (listing, read), tariff groups v1.0 (read) and tariff snapshots v1.0 (read) from the tariff book. The
 * listing with `filter[tariffGroupId]` and `filter[userId]` answers the one tariff the group applies to that user
 * (an empty `userId`: an ad-hoc driver), as `data: [tariff]` without links or meta (the schema's array; *inferred*).
 * A filter value that is not a number matches nothing: the listing declares no 422 (*inferred*).
 */
const TARIFFS_PATH = /^\/public-api\/resources\/tariffs\/v1\.0$/;
const TARIFF_PATH = /^\/public-api\/resources\/tariffs\/v1\.0\/([^/]+)$/;
const GROUP_PATH = /^\/public-api\/resources\/tariff-groups\/v1\.0\/([^/]+)$/;
const SNAPSHOT_PATH = /^\/public-api\/resources\/tariff-snapshots\/v1\.0\/([^/]+)$/;

type TariffContext = Pick<RouteContext, "state" | "runtime">;

export function tariffView(tariff: Tariff, { state, runtime }: TariffContext) {
  const adHoc = tariff.userGroupIds.length === 0 && tariff.partnerIds.length === 0;
  // An enum the subset makes nullable without listing null: left out rather than null.
  const { pricePeriodInMinutes, ...prices } = tariff.pricing;
  return {
    id: tariff.id,
    name: tariff.name,
    type: tariff.type,
    description: tariff.description,
    additionalInformation: null,
    learnMoreUrl: null,
    pricing: {
      ...prices,
      ...(pricePeriodInMinutes === null ? {} : { pricePeriodInMinutes }),
      lockPriceOnSessionStart: false,
    },
    currency: runtime.settings.baseCurrency,
    stopSession: { timeLimitMinutes: null, stopWhenEnergyExceedsKwh: null },
    restrictions: {
      applyToUsersOfChargePointPartner: false,
      applyToUsersOfAllRoamingEmsps: false,
      applyToAdHocUsers: adHoc,
      adHocPreAuthorizeAmount: null,
      applyToUsersOfPartners: tariff.partnerIds,
      applyToUserGroupIds: tariff.userGroupIds,
      applyToUsersWithSubscriptions: [],
      startDate: null,
      endDate: null,
    },
    partner: { id: null },
    lastUpdatedAt: toUtcIso(state.seededAt),
    display: {
      defaultPriceInformation: null,
      defaultPriceInformationOffline: null,
      priceInformation: null,
      totalCostInformation: null,
    },
    integrationId: null,
    externalId: null,
  };
}

/** A `format: integer` filter: undefined when absent, NaN (matches nothing) when not a number. */
const numberFilter = (raw: string | undefined) =>
  raw === undefined ? undefined : /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;

function listTariffs(ctx: RouteContext) {
  const raw = readFilters(ctx.url, ["tariffGroupId", "userId", "type", "partnerId"]);
  const groupId = numberFilter(raw.tariffGroupId);
  if (groupId !== undefined && raw.userId !== undefined) {
    const userId = numberFilter(raw.userId || undefined);
    const user = userId === undefined ? null : (ctx.state.users.find((u) => u.id === userId) ?? null);
    const applied = tariffGroupById(groupId) ? tariffFor(groupId, user) : null;
    return json(200, { data: applied ? [tariffView(applied, ctx)] : [] });
  }
  const partnerId = numberFilter(raw.partnerId);
  const group = groupId === undefined ? null : tariffGroupById(groupId);
  const tariffs = TARIFFS.filter((t) => groupId === undefined || (group?.tariffIds.includes(t.id) ?? false))
    .filter((t) => raw.type === undefined || t.type === raw.type)
    // The book's tariffs belong to no partner.
    .filter(() => partnerId === undefined);
  return pagedResponse(tariffs, ctx.url, (t) => tariffView(t, ctx), listMode(ctx, false));
}

function readTariff(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "Tariff");
  const tariff = tariffById(id);
  if (!tariff) throw notFound("Tariff", id);
  return json(200, { data: tariffView(tariff, ctx) });
}

function readGroup({ params, state }: RouteContext) {
  const id = parseId(params[0], "TariffGroup");
  const group = tariffGroupById(id);
  if (!group) throw notFound("TariffGroup", id);
  return json(200, { data: { ...group, partnerId: null, lastUpdatedAt: toUtcIso(state.seededAt) } });
}

/** The tariff a start fixed for its session; the book never changes, so the snapshot is the tariff as it is. */
function readSnapshot(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "TariffSnapshot");
  const started = ctx.state.sessions.find((s) => s.remoteStart?.tariffSnapshotId === id)?.remoteStart;
  const tariff = started ? tariffById(started.tariffId) : null;
  if (!started || !tariff) throw notFound("TariffSnapshot", id);
  return json(200, { data: { ...tariffView(tariff, ctx), id, tariffId: tariff.id } });
}

export const ampecoTariffRoutes: Route[] = [
  { method: "GET", pattern: TARIFFS_PATH, handler: listTariffs },
  { method: "GET", pattern: TARIFF_PATH, handler: readTariff },
  { method: "GET", pattern: GROUP_PATH, handler: readGroup },
  { method: "GET", pattern: SNAPSHOT_PATH, handler: readSnapshot },
];
