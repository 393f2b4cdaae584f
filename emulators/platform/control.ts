import { z } from "zod";
import { FaultsInputSchema } from "./faults";
import { START_ERROR_CODES } from "./charging-settings";
import { EmulatorSettingsSchema } from "./settings";
import {
  empty,
  HttpError,
  json,
  notFound,
  parseId,
  readJsonObject,
  toFieldErrors,
  validate,
  validationError,
} from "./http";
import { createPrng } from "../prng";
import type { Route, RouteContext } from "./router";
import { round2 } from "./seed";
import { historicEvses, SEED_LOCATIONS } from "./seed-data";
import { nextId, SessionStatusSchema, VoucherStatusSchema, type SessionRecord } from "./store";
import { sessionDetailView, tokenView, userStateView } from "./views";
import { normaliseVoucherCode } from "./vouchers";
import { finishSession } from "./ampeco/charging-settle";
import { sessionStoreId } from "./ampeco/views";
import { findUser } from "./user-records";

/**
 * Control API for tests and demos, outside /public-api and without auth. Bodies are strict here
 * (unknown keys → 422), unlike the platform routes: a typo in a test setup must fail loudly.
 */
const CONTROL = "/__emulator";
const HOUR = 3_600_000;

const isoDateTime = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), {
  message: "The :attribute field must be an ISO 8601 date-time.",
});

const CreateVoucherSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "The :attribute field may only contain letters, digits and dashes."),
    amount: z.number().positive().max(100_000),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "The :attribute field must be an ISO 4217 code (e.g. EUR).")
      .default("EUR"),
    status: VoucherStatusSchema.default("valid"),
  })
  .strict();

const AddSessionsSchema = z
  .object({
    count: z.int().min(1).max(500).default(1),
    running: z.boolean().default(false),
    status: SessionStatusSchema.optional(),
    startedAt: isoDateTime.optional(),
    stoppedAt: isoDateTime.nullable().optional(),
    energy: z.int().min(0).max(1_000_000).optional(),
    amount: z.number().min(0).max(100_000).optional(),
    powerW: z.int().min(0).max(400_000).optional(),
    evseId: z.int().min(1).optional(),
    locationId: z.int().min(1).optional(),
  })
  .strict();

function addSessions({ state, params, now }: RouteContext, body: Record<string, unknown>) {
  const user = findUser(state, params[0]);
  const input = validate(AddSessionsSchema, body);
  if (input.running && typeof input.stoppedAt === "string") {
    throw validationError({ stoppedAt: ["A running session has no stopped at time."] });
  }
  const running = input.running || input.stoppedAt === null;
  const status = input.status ?? (running ? "charging" : "finished");
  if (running !== (status === "started" || status === "charging")) {
    throw validationError({
      status: [`The status ${status} does not fit a ${running ? "running" : "stopped"} session.`],
    });
  }
  const startedAtMs = input.startedAt ? Date.parse(input.startedAt) : undefined;
  if (input.stoppedAt && startedAtMs !== undefined && Date.parse(input.stoppedAt) <= startedAtMs) {
    throw validationError({ stoppedAt: ["The stopped at field must be a date after started at."] });
  }
  // Deterministic per id, so a test that adds sessions gets the same numbers every run.
  const prng = createPrng(state.nextIds.session);
  const created: SessionRecord[] = [];
  for (let i = 0; i < input.count; i++) {
    const location = SEED_LOCATIONS.find((l) => l.id === input.locationId) ?? prng.pick(SEED_LOCATIONS);
    const evseId = input.evseId ?? prng.pick(historicEvses(location)).id;
    const pricePerKwh = round2(location.tariff + prng.float(-0.02, 0.02));
    const powerW = input.powerW ?? (running ? 7_400 : prng.pick([7_400, 11_000, 22_000, 50_000]));
    const startMs = (startedAtMs ?? now.getTime() - (running ? 0 : 3 * HOUR)) - i * 3 * HOUR;
    const failed = status === "failed";
    const energy = input.energy ?? (running ? 0 : failed ? prng.int(0, 150) : prng.int(5_000, 60_000));
    const stopMs = running
      ? null
      : input.stoppedAt
        ? Date.parse(input.stoppedAt) - i * 3 * HOUR
        : Math.min(now.getTime(), startMs + Math.max(60_000, Math.round((energy / Math.max(1, powerW)) * HOUR)));
    const session: SessionRecord = {
      id: nextId(state, "session"),
      userId: user.id,
      evseId,
      locationId: input.locationId ?? location.id,
      status,
      startedAt: new Date(startMs).toISOString(),
      stoppedAt: stopMs === null ? null : new Date(Math.max(stopMs, startMs + 1000)).toISOString(),
      energy,
      amount: input.amount ?? (failed || running ? 0 : round2((energy / 1000) * pricePerKwh)),
      powerW,
      pricePerKwh,
      maxEnergy: Math.max(energy, 80_000),
      currency: user.currency ?? "EUR",
      stopReason: null,
      remoteStart: null,
    };
    state.sessions.push(session);
    created.push(session);
  }
  return json(201, { data: created.map((s) => sessionDetailView(s, now)) });
}

function stopSession({ state, params, now }: RouteContext) {
  // The store's number, or the id the ampeco routes show (a UUID under `sessionIds: uuid`).
  const id = sessionStoreId(params[0] ?? "") ?? parseId(params[0], "Session");
  const session = state.sessions.find((s) => s.id === id);
  if (!session) throw notFound("Session", id);
  if (session.stoppedAt !== null) throw new HttpError(409, "The session is not running.");
  finishSession(session, now, null);
  return json(200, { data: sessionDetailView(session, now) });
}

const StartRefusalSchema = z.object({ errorCode: z.enum(START_ERROR_CODES).nullable() }).strict();

/** Every start of this user is refused with `errorCode` until it is set back to null (ampeco's start actions). */
function putStartRefusal({ state, params }: RouteContext, body: Record<string, unknown>) {
  const user = findUser(state, params[0]);
  user.startRefusal = validate(StartRefusalSchema, body).errorCode;
  return json(200, { data: { startRefusal: user.startRefusal } });
}

function createVoucher({ state, now }: RouteContext, body: Record<string, unknown>) {
  const input = validate(CreateVoucherSchema, body);
  const code = normaliseVoucherCode(input.code);
  if (state.vouchers.some((v) => v.code === code))
    throw validationError({ code: ["The code has already been taken."] });
  const voucher = {
    code,
    amount: round2(input.amount),
    currency: input.currency,
    status: input.status,
    redeemedByUserId: null,
    redeemedAt: input.status === "used" ? now.toISOString() : null,
  };
  state.vouchers.push(voucher);
  return json(201, { data: voucher });
}

function putFaults({ runtime }: RouteContext, body: Record<string, unknown>) {
  const parsed = FaultsInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error, body));
  runtime.faults.set(parsed.data);
  // A new limit starts with fresh windows, or a test would inherit counts from earlier calls.
  runtime.rateLimiter.reset();
  return json(200, { data: runtime.faults.get() });
}

/** Replaces the strictness settings; what the body leaves out takes its default (not the made value). */
function putSettings({ runtime }: RouteContext, body: Record<string, unknown>) {
  const parsed = EmulatorSettingsSchema.safeParse(body);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error, body));
  runtime.settings = parsed.data;
  runtime.rateLimiter.reset();
  return json(200, { data: runtime.settings });
}

function state({ state: s, runtime }: RouteContext) {
  return json(200, {
    users: s.users.map(userStateView),
    tokens: s.tokens.map(tokenView),
    vouchers: s.vouchers,
    redemptions: s.redemptions,
    outbox: [...s.outbox].reverse(),
    sessionCount: s.sessions.length,
    runningSessions: s.sessions
      .filter((session) => session.stoppedAt === null)
      .map(({ id, userId, evseId }) => ({ id, userId, evseId })),
    requestLog: runtime.requestLog,
    ...(runtime.oauth ? { oauthTokensIssued: runtime.oauth.issued } : {}),
  });
}

/** Wraps a handler that takes a JSON body (malformed → 400, other media type → 415). */
const withBody =
  (handler: (ctx: RouteContext, body: Record<string, unknown>) => Response) => async (ctx: RouteContext) =>
    handler(ctx, await readJsonObject(ctx.request));

const path = (suffix: string) => new RegExp(`^${CONTROL}${suffix}$`);

export const controlRoutes: Route[] = [
  {
    method: "POST",
    pattern: path("/reset"),
    handler: ({ runtime }) => {
      runtime.resetToSeed();
      return empty(204);
    },
  },
  { method: "POST", pattern: path("/vouchers"), handler: withBody(createVoucher) },
  { method: "POST", pattern: path("/users/([^/]+)/sessions"), handler: withBody(addSessions) },
  { method: "POST", pattern: path("/sessions/([^/]+)/stop"), handler: stopSession },
  { method: "PUT", pattern: path("/users/([^/]+)/start-refusal"), handler: withBody(putStartRefusal) },
  { method: "GET", pattern: path("/faults"), handler: ({ runtime }) => json(200, { data: runtime.faults.get() }) },
  { method: "PUT", pattern: path("/faults"), handler: withBody(putFaults) },
  { method: "GET", pattern: path("/settings"), handler: ({ runtime }) => json(200, { data: runtime.settings }) },
  { method: "PUT", pattern: path("/settings"), handler: withBody(putSettings) },
  {
    method: "DELETE",
    pattern: path("/faults"),
    handler: ({ runtime }) => {
      runtime.faults.clear();
      runtime.rateLimiter.reset();
      return empty(204);
    },
  },
  {
    method: "POST",
    pattern: path("/oauth/expire"),
    handler: ({ runtime }) => {
      if (!runtime.oauth) throw new HttpError(404, "The emulator has no OAuth client configured.");
      runtime.oauth.expireAll();
      return empty(204);
    },
  },
  { method: "GET", pattern: path("/outbox"), handler: ({ state: s }) => json(200, { data: [...s.outbox].reverse() }) },
  { method: "GET", pattern: path("/state"), handler: state },
  // ampeco: look at the store now and wait until every callback has its answer (tests and journeys).
  {
    method: "POST",
    pattern: path("/notifications/flush"),
    handler: async ({ runtime }) => {
      if (!runtime.webhooks) throw new HttpError(404, "Notifications are part of the ampeco dialect.");
      const sent = runtime.webhooks.observe();
      await runtime.webhooks.settled();
      return json(200, { data: { sent: sent.map((n) => n.kind), deliveries: runtime.webhooks.deliveries } });
    },
  },
];
