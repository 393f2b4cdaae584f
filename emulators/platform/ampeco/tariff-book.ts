import { round2 } from "../seed";
import { AC_TARIFF_GROUP_ID, DC_TARIFF_GROUP_ID, FLEET_TARIFF_GROUP_ID } from "../seed-data";
import type { UserRecord } from "../store";

/**
 * The tenant's tariffs and tariff groups (tariffs v1.0, tariff-groups v1.0), fixed seed data, and what a tariff costs.
 * Prices include tax (*inferred*: the subset says so only of interval prices); the tax is the tenant's default, 21 %.
 * A group's tariffs are tried from the last to the first and the first that fits the user applies, as documented.
 */
export const TAX_PERCENTAGE = 21;
export const DEFAULT_TAX_ID = 1;
/** The default tariff of an EVSE without a tariff group (the subset: "the default (free) tariff"). */
export const FREE_TARIFF_ID = 1;

export type TariffType = "free" | "flat rate" | "duration+energy" | "charging not allowed";

export interface TariffPricing {
  pricePerSession: number | null;
  connectionFee: number | null;
  pricePerKwh: number | null;
  pricePeriodInMinutes: 1 | 15 | 30 | 60 | null;
  pricePerPeriod: number | null;
  /** Minutes of charging before the time fee starts. */
  durationFeeGracePeriod: number | null;
  durationFeeLimit: number | null;
  idleFeePerMinute: number | null;
  idleFeeGracePeriodMinutes: number | null;
  idleFeeLimit: number | null;
}

export interface Tariff {
  id: number;
  name: string;
  type: TariffType;
  description: { en: string; nl: string; de: string };
  pricing: TariffPricing;
  /** Empty: everybody, ad-hoc users included. */
  userGroupIds: number[];
  partnerIds: number[];
}

const NO_PRICES: TariffPricing = {
  pricePerSession: null,
  connectionFee: null,
  pricePerKwh: null,
  pricePeriodInMinutes: null,
  pricePerPeriod: null,
  durationFeeGracePeriod: null,
  durationFeeLimit: null,
  idleFeePerMinute: null,
  idleFeeGracePeriodMinutes: null,
  idleFeeLimit: null,
};

type TariffSeed = Omit<Tariff, "pricing" | "userGroupIds" | "partnerIds"> & {
  pricing?: Partial<TariffPricing>;
  userGroupIds?: number[];
  partnerIds?: number[];
};

const tariff = ({ pricing, ...t }: TariffSeed): Tariff => ({
  userGroupIds: [],
  partnerIds: [],
  ...t,
  pricing: { ...NO_PRICES, ...pricing },
});

/** Both DC tariffs' time and idle fees: per minute after 45 minutes (at most 5), idle after 10 (at most 15). */
const DC_TIME_AND_IDLE: Partial<TariffPricing> = {
  pricePeriodInMinutes: 1,
  pricePerPeriod: 0.05,
  durationFeeGracePeriod: 45,
  durationFeeLimit: 5,
  idleFeePerMinute: 0.25,
  idleFeeGracePeriodMinutes: 10,
  idleFeeLimit: 15,
};

export const TARIFFS: readonly Tariff[] = [
  tariff({
    id: FREE_TARIFF_ID,
    name: "Free",
    type: "free",
    description: { en: "Free charging", nl: "Gratis laden", de: "Kostenloses Laden" },
  }),
  tariff({
    id: 11,
    name: "AC public",
    type: "duration+energy",
    description: { en: "AC charging", nl: "AC-laden", de: "AC-Laden" },
    pricing: {
      connectionFee: 0.35,
      pricePerKwh: 0.45,
      pricePeriodInMinutes: 60,
      pricePerPeriod: 0.6,
      durationFeeGracePeriod: 120,
      durationFeeLimit: 6,
      idleFeePerMinute: 0.1,
      idleFeeGracePeriodMinutes: 30,
      idleFeeLimit: 10,
    },
  }),
  tariff({
    id: 12,
    name: "AC portal drivers",
    type: "duration+energy",
    description: { en: "AC charging, members", nl: "AC-laden, leden", de: "AC-Laden, Mitglieder" },
    pricing: {
      pricePerKwh: 0.39,
      pricePeriodInMinutes: 60,
      pricePerPeriod: 0.5,
      durationFeeGracePeriod: 180,
      durationFeeLimit: 5,
      idleFeePerMinute: 0.1,
      idleFeeGracePeriodMinutes: 60,
      idleFeeLimit: 10,
    },
    userGroupIds: [257],
  }),
  tariff({
    id: 13,
    name: "DC fast",
    type: "duration+energy",
    description: { en: "Fast charging", nl: "Snelladen", de: "Schnellladen" },
    pricing: { connectionFee: 0.99, pricePerKwh: 0.59, ...DC_TIME_AND_IDLE },
  }),
  tariff({
    id: 14,
    name: "DC portal drivers",
    type: "duration+energy",
    description: { en: "Fast charging, members", nl: "Snelladen, leden", de: "Schnellladen, Mitglieder" },
    pricing: { connectionFee: 0.49, pricePerKwh: 0.55, ...DC_TIME_AND_IDLE },
    userGroupIds: [257],
  }),
  tariff({
    id: 15,
    name: "Fleet",
    type: "flat rate",
    description: { en: "Fleet charging", nl: "Vlootladen", de: "Flottenladen" },
    pricing: { pricePerSession: 4.5 },
    partnerIds: [1117],
  }),
  tariff({
    id: 19,
    name: "Fleet only",
    type: "charging not allowed",
    description: { en: "Fleet drivers only", nl: "Alleen vlootrijders", de: "Nur Flottenfahrer" },
  }),
];

export interface TariffGroup {
  id: number;
  name: string;
  tariffIds: number[];
}

export const TARIFF_GROUPS: readonly TariffGroup[] = [
  { id: AC_TARIFF_GROUP_ID, name: "AC", tariffIds: [11, 12] },
  { id: DC_TARIFF_GROUP_ID, name: "DC fast", tariffIds: [13, 14] },
  { id: FLEET_TARIFF_GROUP_ID, name: "Fleet bay", tariffIds: [19, 15] },
];

export const tariffById = (id: number) => TARIFFS.find((t) => t.id === id) ?? null;
export const tariffGroupById = (id: number) => TARIFF_GROUPS.find((g) => g.id === id) ?? null;

/** A user the tariff's restrictions let in; null (ad-hoc) only fits a tariff without restrictions. */
function fits(t: Tariff, user: Pick<UserRecord, "userGroupId" | "partnerId"> | null): boolean {
  if (t.userGroupIds.length === 0 && t.partnerIds.length === 0) return true;
  if (user === null) return false;
  return (
    (user.userGroupId !== null && t.userGroupIds.includes(user.userGroupId)) ||
    (user.partnerId !== null && t.partnerIds.includes(user.partnerId))
  );
}

/** The tariff a group applies to a user: the last one in the group that fits; the free tariff without a group. */
export function tariffFor(
  groupId: number | null,
  user: Pick<UserRecord, "userGroupId" | "partnerId"> | null,
): Tariff | null {
  if (groupId === null) return tariffById(FREE_TARIFF_ID);
  const ids = tariffGroupById(groupId)?.tariffIds ?? [];
  for (const id of [...ids].reverse()) {
    const candidate = tariffById(id);
    if (candidate && fits(candidate, user)) return candidate;
  }
  return null;
}

/** What a session used: energy, time charging (from when the car started to draw) and time idle (full, still plugged). */
export interface ChargeUse {
  energyWh: number;
  chargingMs: number;
  idleMs: number;
}

export type CostLineType = "flat" | "connection" | "energy" | "charging_time" | "idle_time";

/** One priced component (tax included), as a session's price breakdown shows it. */
export interface CostLine {
  type: CostLineType;
  unit: "session" | "kwh" | "minute";
  quantity: number;
  pricePerUnit: number;
  price: number;
}

const MINUTE = 60_000;

/** Started periods past the grace time, priced and capped (a fee "charged at the start of every period"). */
function timeLine(
  type: "charging_time" | "idle_time",
  ms: number,
  graceMinutes: number | null,
  periodMinutes: number,
  pricePerPeriod: number | null,
  limit: number | null,
): CostLine | null {
  if (!pricePerPeriod) return null;
  const periods = Math.ceil(Math.max(0, ms / MINUTE - (graceMinutes ?? 0)) / periodMinutes);
  const uncapped = round2(periods * pricePerPeriod);
  return {
    type,
    unit: "minute",
    quantity: periods * periodMinutes,
    pricePerUnit: pricePerPeriod / periodMinutes,
    price: limit === null ? uncapped : Math.min(uncapped, limit),
  };
}

/** The priced components of a use; the session's amount is their sum, so a receipt's lines add up to it. */
export function costLines(t: Tariff, use: ChargeUse): CostLine[] {
  const p = t.pricing;
  const kwh = Math.round(use.energyWh) / 1000;
  const lines: Array<CostLine | null> = [
    p.pricePerSession
      ? { type: "flat", unit: "session", quantity: 1, pricePerUnit: p.pricePerSession, price: p.pricePerSession }
      : null,
    p.connectionFee
      ? { type: "connection", unit: "session", quantity: 1, pricePerUnit: p.connectionFee, price: p.connectionFee }
      : null,
    p.pricePerKwh
      ? { type: "energy", unit: "kwh", quantity: kwh, pricePerUnit: p.pricePerKwh, price: round2(kwh * p.pricePerKwh) }
      : null,
    timeLine(
      "charging_time",
      use.chargingMs,
      p.durationFeeGracePeriod,
      p.pricePeriodInMinutes ?? 1,
      p.pricePerPeriod,
      p.durationFeeLimit,
    ),
    timeLine("idle_time", use.idleMs, p.idleFeeGracePeriodMinutes, 1, p.idleFeePerMinute, p.idleFeeLimit),
  ];
  return lines.filter((line): line is CostLine => line !== null && line.price > 0);
}

export const totalOf = (lines: readonly CostLine[]) => round2(lines.reduce((sum, line) => sum + line.price, 0));
