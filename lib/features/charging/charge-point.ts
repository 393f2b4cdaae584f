import "server-only";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { logger } from "@/lib/core/log";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/core/rate-limit";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError } from "@/lib/platform/errors";
import { locationName } from "@/lib/platform/location-name";
import type { ChargePointEvse, ChargingTariff } from "@/lib/platform/types";
import { CHARGE_POINT_REFERENCE, evseStatusCode, type EvseStatusCode, type PriceView } from "./shared";
import { keptPerClient } from "@/lib/platform/kept-per-client";

export type { PriceView } from "./shared";

export interface EvseView {
  id: number;
  reference: string | null;
  status: EvseStatusCode;
  currentType: "ac" | "dc" | null;
  connectors: { type: string; powerKw: number | null }[];
  price: PriceView;
}

export type ChargePointView =
  /** The platform has no charging API (the contract): the page explains, with no call. */
  | { status: "unsupported" }
  | { status: "notFound" }
  | {
      status: "ok";
      reference: string;
      name: string | null;
      place: { name: string; street: string | null; city: string | null } | null;
      evses: EvseView[];
    };

const ITEMISED = new Set(["flat rate", "duration+energy"]);

export function priceView(tariff: ChargingTariff | null): PriceView {
  // No tariff of the group fits this driver: the platform refuses a start there (CHARGING_NOT_ALLOWED).
  if (!tariff) return { kind: "notAllowed" };
  if (tariff.type === "free") return { kind: "free" };
  if (tariff.type === "charging not allowed") return { kind: "notAllowed" };
  if (!ITEMISED.has(tariff.type)) return { kind: "notItemised" };
  return { kind: "prices", currency: tariff.currency, prices: tariff.prices, taxPercent: null };
}

/** A tax's rate changes rarely and costs two calls to learn, so each platform client keeps it an hour. */
const keptTaxRate = keptPerClient<number | null, number | null>(60 * 60_000);

async function taxPercentOf(charging: NonNullable<PlatformClient["charging"]>, taxId: number | null) {
  try {
    return await keptTaxRate(charging, taxId, () => charging.taxPercent(taxId));
  } catch (error) {
    logger("charging").warn("reading a tax rate failed", error);
    return null;
  }
}

/**
 * Each view of a charge point's page makes four or more platform calls for anyone, so a client gets as many per minute
 * as the map's data routes (`LIMIT_MAP_PER_CLIENT_PER_MINUTE`), in a bucket of its own. Null: go on.
 */
export async function chargePageRetryAfter(): Promise<number | null> {
  const limit = await consumeRateLimit("charge-page", await clientLimitKey(), RATE_LIMITS.mapPerClient);
  return limit.allowed ? null : limit.retryAfterSeconds;
}

/** A QR code's text as typed or scanned, or null when it cannot be a reference (the page then says 404). */
export function parseChargePointReference(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return CHARGE_POINT_REFERENCE.test(decoded) ? decoded : null;
}

/**
 * The charge point behind a printed reference, each EVSE with its live status and the price its tariff group applies
 * to this driver (`platformUserId` null: signed out, the ad-hoc price). One tariff read per group, together.
 */
export async function loadChargePointView(
  reference: string,
  platformUserId: number | null,
  locale: string,
  platform: Pick<PlatformClient, "charging"> = getPlatform(),
): Promise<ChargePointView> {
  const charging = platform.charging;
  if (!charging) return { status: "unsupported" };
  const chargePoint = await charging.findChargePoint(reference);
  if (!chargePoint) return { status: "notFound" };

  const tariffs = await pricesOfGroups(
    charging,
    chargePoint.evses.map((e) => e.tariffGroupId),
    platformUserId,
  );
  const location = chargePoint.location;
  return {
    status: "ok",
    reference,
    name: chargePoint.name,
    place: location
      ? {
          name: locationName({ id: location.id, names: location.names }, locale),
          street: location.street,
          city: location.city,
        }
      : null,
    evses: chargePoint.evses.map((evse) => evseView(evse, tariffs.get(evse.tariffGroupId) ?? { kind: "unavailable" })),
  };
}

/** The price each tariff group applies to this driver: one tariff read per group, together. */
export async function pricesOfGroups(
  charging: NonNullable<PlatformClient["charging"]>,
  groupIds: readonly (number | null)[],
  platformUserId: number | null,
): Promise<Map<number | null, PriceView>> {
  const groups = [...new Set(groupIds)];
  return new Map(
    await Promise.all(groups.map(async (id) => [id, await tariffOf(charging, id, platformUserId)] as const)),
  );
}

async function tariffOf(
  charging: NonNullable<PlatformClient["charging"]>,
  groupId: number | null,
  platformUserId: number | null,
): Promise<PriceView> {
  // No group: the platform's default tariff, which is free.
  if (groupId === null) return { kind: "free" };
  try {
    const tariff = await charging.tariffFor(groupId, platformUserId);
    const view = priceView(tariff);
    if (view.kind !== "prices" || !tariff) return view;
    return { ...view, taxPercent: await taxPercentOf(charging, tariff.taxId) };
  } catch (error) {
    if (!isPlatformError(error)) logger("charging").error("reading a tariff failed", error);
    else logger("charging").warn("reading a tariff failed", error);
    return { kind: "unavailable" };
  }
}

function evseView(evse: ChargePointEvse, price: PriceView): EvseView {
  return {
    id: evse.id,
    reference: evse.physicalReference,
    status: evseStatusCode(evse.status),
    currentType: evse.currentType,
    connectors: evse.connectors.map((c) => ({ type: c.type, powerKw: c.power })),
    price,
  };
}
