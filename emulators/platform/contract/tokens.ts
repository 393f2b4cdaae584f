import { z } from "zod";
import {
  json,
  notFound,
  paginate,
  integerFilter,
  parseId,
  readFilters,
  readJsonObject,
  toFieldErrors,
  validate,
  validationError,
  type FieldErrors,
} from "../http";
import type { Route, RouteContext } from "../router";
import { nextId, TokenStatusSchema, type EmulatorState, type TokenRecord } from "../store";
import { tokenView } from "../views";

/**
 * Tokens (RFID cards) v1.0. The one business rule: a card code is active on at most one user.
 * Moving a card = block it on the old user, then create it on the new one. Unknown body fields
 * are ignored (Laravel drops keys without a rule).
 */
const code = z
  .string()
  .regex(/^[A-Z0-9]{4,32}$/, "The :attribute field must be 4 to 32 upper-case letters or digits without spaces.");
const visualNumber = z.string().trim().min(1).max(64).nullable().optional();

const CreateTokenSchema = z.object({
  userId: z.int().min(1),
  code,
  visualNumber,
  type: z.enum(["rfid", "app"]).default("rfid"),
  status: TokenStatusSchema.default("active"),
});

const UpdateTokenSchema = z
  .object({ status: TokenStatusSchema.optional(), visualNumber })
  .refine((v) => v.status !== undefined || v.visualNumber !== undefined, {
    message: "The :attribute field is required when visual number is not present.",
    path: ["status"],
  });

const TOKENS = /^\/public-api\/resources\/tokens\/v1\.0$/;
const TOKEN = /^\/public-api\/resources\/tokens\/v1\.0\/([^/]+)$/;

/**
 * The contract knows no token without a user: the tags provisioned in advance (ampeco only) are
 * not there for it, neither in lists nor in its conflict rules.
 */
type ContractToken = TokenRecord & { userId: number };
const contractTokens = (state: EmulatorState): ContractToken[] =>
  state.tokens.filter((t): t is ContractToken => t.userId !== null);

const ACTIVE_ELSEWHERE = "The card is already active on another account.";
const ALREADY_LINKED = "The card is already linked to this account.";

function activeElsewhere(state: EmulatorState, cardCode: string, userId: number, exceptTokenId?: number): boolean {
  return contractTokens(state).some(
    (t) => t.id !== exceptTokenId && t.code === cardCode && t.status === "active" && t.userId !== userId,
  );
}

async function createToken({ request, state, now }: RouteContext) {
  const body = await readJsonObject(request);
  const parsed = CreateTokenSchema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error, body);
  if (!errors.userId && typeof body.userId === "number" && !state.users.some((u) => u.id === body.userId)) {
    errors.userId = ["The selected user id is invalid."];
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);
  const input = parsed.data;
  if (input.status === "active" && activeElsewhere(state, input.code, input.userId)) {
    throw validationError({ code: [ACTIVE_ELSEWHERE] });
  }
  // A retried create (e.g. after a timeout) must not link the same card twice to one user.
  if (contractTokens(state).some((t) => t.code === input.code && t.userId === input.userId && t.status !== "blocked")) {
    throw validationError({ code: [ALREADY_LINKED] });
  }
  const token: TokenRecord = {
    id: nextId(state, "token"),
    userId: input.userId,
    code: input.code,
    visualNumber: input.visualNumber ?? null,
    type: input.type,
    status: input.status,
    createdAt: now.toISOString(),
    updatedAt: null,
  };
  state.tokens.push(token);
  return json(201, { data: tokenView(token) });
}

const ListFilterSchema = z.object({
  userId: integerFilter,
  code: z.string().optional(),
  status: TokenStatusSchema.optional(),
});

function listTokens({ url, state }: RouteContext) {
  const filter = validate(ListFilterSchema, readFilters(url, ["userId", "code", "status"]), "filter.");
  const tokens = contractTokens(state)
    .filter((t) => filter.userId === undefined || t.userId === filter.userId)
    .filter((t) => filter.code === undefined || t.code === filter.code)
    .filter((t) => filter.status === undefined || t.status === filter.status)
    .sort((a, b) => a.id - b.id);
  const page = paginate(tokens, url, { withLastPage: false });
  return json(200, { ...page, data: page.data.map(tokenView) });
}

function findToken(state: EmulatorState, rawId: string | undefined): ContractToken {
  const id = parseId(rawId, "Token");
  const token = contractTokens(state).find((t) => t.id === id);
  if (!token) throw notFound("Token", id);
  return token;
}

async function updateToken({ request, params, state }: RouteContext) {
  const token = findToken(state, params[0]);
  const input = validate(UpdateTokenSchema, await readJsonObject(request));
  if (input.status === "active" && activeElsewhere(state, token.code, token.userId, token.id)) {
    // Keyed on `code` like the create error, so a client maps "card active elsewhere" one way.
    throw validationError({ code: [ACTIVE_ELSEWHERE] });
  }
  if (input.status !== undefined) token.status = input.status;
  if (input.visualNumber !== undefined) token.visualNumber = input.visualNumber;
  return json(200, { data: tokenView(token) });
}

export const tokenRoutes: Route[] = [
  { method: "GET", pattern: TOKENS, handler: listTokens },
  { method: "POST", pattern: TOKENS, handler: createToken },
  { method: "PATCH", pattern: TOKEN, handler: updateToken },
  // Not in the contract, but the real platform reads a single tag; handy for tests and support views.
  {
    method: "GET",
    pattern: TOKEN,
    handler: ({ params, state }) => json(200, { data: tokenView(findToken(state, params[0])) }),
  },
];
