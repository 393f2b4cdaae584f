import { z } from "zod";
import { empty, json, notFound, parseId, readJsonObject, readValidBody, type FieldErrors } from "../http";
import type { Route, RouteContext } from "../router";
import { nextId, type SessionRecord } from "../store";
import { isDc, maxPowerKwOf, placedEvseById, placedOn, type PlacedEvse } from "./charging-network";
import { finishSession } from "./charging-settle";
import { chargePointIdOf, findChargePoint, servedLocations } from "./network";
import { cardsOf } from "./payment-methods";
import { startRefusal } from "./start-refusals";
import { tariffFor } from "./tariff-book";

/**
 * Charging from the API: `actions/charge-point/v1.0/{chargePoint}/start/{evse}` (the EVSE by its `networkId` on that
 * charge point), `actions/evse/v1.0/{evse}/start` (by its id) and `…/stop/{session}`. A start answers 202 either way:
 * `{success: true, sessionId, authorizationId}` with a new session that prepares, then charges on the emulator's
 * clock, or `{success: false, errorCode?, message}` (./start-refusals.ts). The checks and the new session happen in
 * one step after the body is read, so two starts at once make one session; the second is refused as the first
 * left things (*inferred*, the stricter reading: the subset says nothing of repeated starts).
 */
const START_ON_CHARGE_POINT = /^\/public-api\/actions\/charge-point\/v1\.0\/([^/]+)\/start\/([^/]+)$/;
const START_ON_EVSE = /^\/public-api\/actions\/evse\/v1\.0\/([^/]+)\/start$/;
const STOP = /^\/public-api\/actions\/charge-point\/v1\.0\/([^/]+)\/stop\/([^/]+)$/;

/** A car takes this much (Wh), at most 11 kW on AC (its on-board charger) and 50 kW on DC. */
const CAR_NEEDS_WH = 40_000;
const carPowerW = (placed: PlacedEvse) =>
  Math.round(Math.min(maxPowerKwOf(placed.evse), isDc(placed.evse) ? 50 : 11) * 1000);

/** Laravel turns "" into null before its rules run: an empty `idTag` is then not a string. */
const text = z.string().min(1, "The :attribute field must be a string.").max(255);

const StartSchema = z.object({
  // The subset makes `userId` optional; a start without one charges nobody, so it is required here (*inferred*).
  userId: z.int().min(1),
  paymentMethodId: z.string().max(255).nullable().optional(),
  externalSessionId: text.nullable().optional(),
  idTag: text.optional(),
  connectorId: z.int().min(1).nullable().optional(),
  bookingId: z.int().nullable().optional(),
  chargingProfile: z.record(z.string(), z.unknown()).optional(),
});

function chargePointOf(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "ChargePoint");
  const chargePoint = findChargePoint(servedLocations(ctx), id, ctx.runtime.settings.chargePoints);
  if (!chargePoint) throw notFound("ChargePoint", id);
  return chargePoint;
}

/** The ids the body names must be the tenant's (Laravel's `exists`; *inferred*). The emulator has no bookings. */
function knownIds(ctx: RouteContext, placed: PlacedEvse, body: Record<string, unknown>, errors: FieldErrors) {
  const user = typeof body.userId === "number" ? ctx.state.users.find((u) => u.id === body.userId) : undefined;
  if (!errors.userId && typeof body.userId === "number" && !user) errors.userId = ["The selected user id is invalid."];
  const method = body.paymentMethodId;
  if (!errors.paymentMethodId && typeof method === "string" && method !== "" && user)
    if (!cardsOf(ctx.state, user.id).some((m) => m.id === method))
      errors.paymentMethodId = ["The selected payment method id is invalid."];
  const connectors = placed.evse.connectors.map((_, index) => placed.evse.id * 10 + index + 1);
  if (!errors.connectorId && typeof body.connectorId === "number" && !connectors.includes(body.connectorId))
    errors.connectorId = ["The selected connector id is invalid."];
  if (!errors.bookingId && typeof body.bookingId === "number")
    errors.bookingId = ["The selected booking id is invalid."];
}

async function start(ctx: RouteContext, placed: PlacedEvse) {
  const input = await readValidBody(ctx.request, StartSchema, (body, errors) => knownIds(ctx, placed, body, errors));
  // Nothing is awaited from here on: the checks and the new session are one step.
  const { state, now, runtime } = ctx;
  const user = state.users.find((u) => u.id === input.userId)!;
  const methodId = input.paymentMethodId || null;
  const card = methodId === null ? null : (cardsOf(state, user.id).find((m) => m.id === methodId) ?? null);
  const tariff = tariffFor(placed.evse.tariffGroupId ?? null, user);
  const refusal = startRefusal(ctx, { user, placed, card, tariff });
  if (refusal !== null) return json(202, { success: false, sessionId: null, authorizationId: null, ...refusal });

  const { preparingMs } = runtime.settings.chargingPhases;
  const session: SessionRecord = {
    id: nextId(state, "session"),
    userId: user.id,
    evseId: placed.evse.id,
    locationId: placed.location.id,
    status: preparingMs > 0 ? "started" : "charging",
    startedAt: now.toISOString(),
    stoppedAt: null,
    energy: 0,
    amount: 0,
    powerW: carPowerW(placed),
    pricePerKwh: tariff!.pricing.pricePerKwh ?? 0,
    maxEnergy: CAR_NEEDS_WH,
    currency: runtime.settings.baseCurrency,
    stopReason: null,
    remoteStart: {
      authorizationId: nextId(state, "authorization"),
      // `idTag` wins over the deprecated `externalSessionId`, as documented.
      idTag: input.idTag ?? input.externalSessionId ?? null,
      paymentMethodId: methodId,
      tariffId: tariff!.id,
      tariffSnapshotId: nextId(state, "tariffSnapshot"),
      chargingFrom: new Date(now.getTime() + preparingMs).toISOString(),
      billedAt: null,
    },
  };
  state.sessions.push(session);
  return json(202, { success: true, sessionId: session.id, authorizationId: session.remoteStart!.authorizationId });
}

function startOnChargePoint(ctx: RouteContext) {
  const chargePoint = chargePointOf(ctx);
  const networkId = parseId(ctx.params[1], "Evse");
  const placed = placedOn(chargePoint).find((p) => p.networkId === networkId);
  if (!placed) throw notFound("Evse", networkId);
  return start(ctx, placed);
}

function startOnEvse(ctx: RouteContext) {
  const id = parseId(ctx.params[0], "Evse");
  const placed = placedEvseById(ctx, id);
  if (!placed) throw notFound("Evse", id);
  return start(ctx, placed);
}

/** 406 (no body) when the charge point rejects the stop: the session is over, or the `stopRejected` setting. */
const rejectedByChargePoint = () => new Response(null, { status: 406 });

/**
 * The session by the number the start answered (the path types it an integer), on that charge point. `force` other
 * than `true` is read as false: the operation declares no 422 (*inferred*).
 */
async function stop(ctx: RouteContext) {
  const chargePoint = chargePointOf(ctx);
  const id = parseId(ctx.params[1], "Session");
  const session = ctx.state.sessions.find(
    (s) => s.id === id && chargePointIdOf(s, ctx.runtime.settings.chargePoints) === chargePoint.id,
  );
  if (!session) throw notFound("Session", id);
  const force = (await readJsonObject(ctx.request)).force === true;
  if (session.stoppedAt !== null) return rejectedByChargePoint();
  if (ctx.runtime.settings.stopRejected && !force) return rejectedByChargePoint();
  finishSession(session, ctx.now, force ? "force_stop" : "remote");
  return empty(202);
}

export const ampecoChargingRoutes: Route[] = [
  { method: "POST", pattern: START_ON_CHARGE_POINT, handler: startOnChargePoint },
  { method: "POST", pattern: START_ON_EVSE, handler: startOnEvse },
  { method: "POST", pattern: STOP, handler: stop },
];
