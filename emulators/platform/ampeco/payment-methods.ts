import { json, notFound } from "../http";
import { TOPUP_PACKAGE_ID } from "../ledger";
import type { Route, RouteContext } from "../router";
import { findUser } from "../user-records";
import { partnerOf, type EmulatorSettings } from "../settings";
import type { EmulatorState, PaymentMethodRecord, UserRecord } from "../store";
import { toUtcIso } from "../time";
import { listMode, pagedResponse } from "./paging";

/**
 * A user's payment methods (users v1.0 payment-methods): the balance (id null, never the default) for a user whose
 * partner shows balances, then the saved cards, removed ones too with `removedAt` (*inferred*: the subset's example
 * carries it). Page mode only, as published. Adding and changing methods stays in the app.
 */
const METHODS = /^\/public-api\/resources\/users\/v1\.0\/([^/]+)\/payment-methods$/;
const METHOD = /^\/public-api\/resources\/users\/v1\.0\/([^/]+)\/payment-methods\/([^/]+)$/;

export const cardsOf = (state: EmulatorState, userId: number) =>
  state.paymentMethods.filter((m) => m.userId === userId);

/** Whether the tenant lets the user pay from a balance (partners v2.0 `options.addUserBalance`). */
export const usesBalance = (user: UserRecord, settings: EmulatorSettings) =>
  partnerOf(settings, user.partnerId)?.addUserBalance ?? true;

function cardView(card: PaymentMethodRecord) {
  return {
    id: card.id,
    userId: card.userId,
    type: "tokenized",
    tokenizedType: "card",
    issuer: card.issuer,
    name: `**** ${card.last4}`,
    default: card.default,
    expireYear: card.expireYear,
    expireMonth: card.expireMonth,
    lastUpdatedAt: toUtcIso(card.removedAt ?? card.addedAt),
    addedAt: toUtcIso(card.addedAt),
    removedAt: card.removedAt === null ? null : toUtcIso(card.removedAt),
  };
}

function balanceView(user: UserRecord) {
  return {
    id: null,
    userId: user.id,
    type: "balance",
    name: "Balance",
    default: false,
    lastUpdatedAt: toUtcIso(user.updatedAt ?? user.createdAt),
    addedAt: toUtcIso(user.createdAt),
    removedAt: null,
  };
}

function listMethods({ url, params, state, runtime }: RouteContext) {
  const user = findUser(state, params[0]);
  const views = [
    ...(usesBalance(user, runtime.settings) ? [balanceView(user)] : []),
    ...cardsOf(state, user.id).map(cardView),
  ];
  return pagedResponse(views, url, (view) => view, { ...listMode({ runtime }, false), pageOnlyList: true });
}

function readMethod({ params, state }: RouteContext) {
  const user = findUser(state, params[0]);
  let id = params[1] ?? "";
  try {
    id = decodeURIComponent(id);
  } catch {
    // A broken escape names no method either.
  }
  const card = cardsOf(state, user.id).find((m) => m.id === id);
  if (!card) throw notFound("PaymentMethod", id);
  return json(200, { data: cardView(card) });
}

/** Top-up packages v2.0: what the app sells to fill a balance (the ledger's top-ups are the first). */
const TOP_UP_PACKAGES = /^\/public-api\/resources\/top-up-packages\/v2\.0$/;
const PACKAGES = [
  { id: TOPUP_PACKAGE_ID, price: 50, bonus: 0, enabled: true },
  { id: TOPUP_PACKAGE_ID + 1, price: 20, bonus: 0, enabled: true },
  { id: TOPUP_PACKAGE_ID + 2, price: 100, bonus: 5, enabled: false },
];
/** `filter[enabled]` as Laravel reads a boolean; another value filters nothing (the listing declares no 422). */
const ENABLED: Record<string, boolean> = { true: true, "1": true, false: false, "0": false };

function listTopUpPackages({ url, runtime }: RouteContext) {
  const enabled = ENABLED[url.searchParams.get("filter[enabled]") ?? ""];
  const packages = PACKAGES.filter((p) => enabled === undefined || p.enabled === enabled);
  return pagedResponse(packages, url, (p) => p, { ...listMode({ runtime }, false), pageOnlyList: true });
}

export const ampecoPaymentMethodRoutes: Route[] = [
  { method: "GET", pattern: METHODS, handler: listMethods },
  { method: "GET", pattern: METHOD, handler: readMethod },
  { method: "GET", pattern: TOP_UP_PACKAGES, handler: listTopUpPackages },
];
