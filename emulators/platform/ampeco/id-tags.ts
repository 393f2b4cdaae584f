import { z } from "zod";
import { empty, integerFilter, json, notFound, parseId, readFilters, readValidBody, validate } from "../http";
import type { Route, RouteContext } from "../router";
import { nextId, type EmulatorState, type TokenRecord, type TokenStatus } from "../store";
import { listMode, pagedResponse } from "./paging";
import { idTagView, TAG_STATUS, TAG_TYPE, tagUid } from "./views";

/**
 * Id tags v2.0 = the contract's tokens, from the same store. An `idTagUid` names one tag: a card
 * moves to another driver by PATCH {userId}, so it can never be active on two drivers, and a
 * second create of a UID is a 422. `userId` is nullable on create, PATCH and read, as in the
 * subset: tenants provision tags before they hand them out, and the seed holds two such tags.
 * The uniqueness of `idTagUid` is not written in the OpenAPI document (inferred, the stricter reading). A tenant that
 * keeps UIDs in lower case (the `idTagUids` setting) stores and shows them so; the filter compares exactly.
 */
const STATUSES = ["enabled", "disabled", "suspended"] as const;
const toStoreStatus = (status: (typeof STATUSES)[number]) =>
  (Object.entries(TAG_STATUS).find(([, wire]) => wire === status)?.[0] ?? "blocked") as TokenStatus;
const toStoreType = (type: "rfid" | "mac_address") => (type === "rfid" ? "rfid" : "mac_address") as TokenRecord["type"];

const uid = z.string().trim().min(1).max(255);
const label = z.string().trim().max(255).nullable().optional();
const userId = z.int().min(1).nullable();

const CreateIdTagSchema = z.object({
  idTagUid: uid,
  idLabel: label,
  status: z.enum(STATUSES),
  type: z.enum(["rfid", "mac_address"]),
  userId: userId.optional(),
});
const PatchIdTagSchema = z.object({
  idTagUid: uid.optional(),
  idLabel: label,
  status: z.enum(STATUSES).optional(),
  type: z.enum(["rfid", "mac_address"]).optional(),
  userId: userId.optional(),
});

const ID_TAGS = /^\/public-api\/resources\/id-tags\/v2\.0$/;
const ID_TAG = /^\/public-api\/resources\/id-tags\/v2\.0\/([^/]+)$/;

const uidTaken = (ctx: RouteContext, value: unknown, exceptId?: number) =>
  typeof value === "string" &&
  ctx.state.tokens.some(
    (t) => t.id !== exceptId && tagUid(t.code, ctx.runtime.settings) === tagUid(value.trim(), ctx.runtime.settings),
  );
const view = (ctx: Pick<RouteContext, "runtime">) => (token: TokenRecord) => idTagView(token, ctx.runtime.settings);

/** The body, with the unique UID and known user rules in the same validation pass. */
const readTagBody = <T extends z.ZodType>(ctx: RouteContext, schema: T, exceptId?: number) =>
  readValidBody(ctx.request, schema, (body, errors) => {
    if (!errors.idTagUid && uidTaken(ctx, body.idTagUid, exceptId))
      errors.idTagUid = ["The id tag uid has already been taken."];
    if (!errors.userId && typeof body.userId === "number" && !ctx.state.users.some((u) => u.id === body.userId)) {
      errors.userId = ["The selected user id is invalid."];
    }
  });

async function createIdTag(ctx: RouteContext) {
  const input = await readTagBody(ctx, CreateIdTagSchema);
  const token: TokenRecord = {
    id: nextId(ctx.state, "token"),
    userId: input.userId ?? null,
    code: tagUid(input.idTagUid, ctx.runtime.settings),
    visualNumber: input.idLabel ?? null,
    type: toStoreType(input.type),
    status: toStoreStatus(input.status),
    createdAt: ctx.now.toISOString(),
    updatedAt: null,
  };
  ctx.state.tokens.push(token);
  return json(201, { data: view(ctx)(token) });
}

function findTag(state: EmulatorState, rawId: string | undefined): TokenRecord {
  const id = parseId(rawId, "IdTag");
  const token = state.tokens.find((t) => t.id === id);
  if (!token) throw notFound("IdTag", id);
  return token;
}

async function patchIdTag(ctx: RouteContext) {
  const token = findTag(ctx.state, ctx.params[0]);
  const input = await readTagBody(ctx, PatchIdTagSchema, token.id);
  if (input.idTagUid !== undefined) token.code = tagUid(input.idTagUid, ctx.runtime.settings);
  if (input.idLabel !== undefined) token.visualNumber = input.idLabel;
  if (input.status !== undefined) token.status = toStoreStatus(input.status);
  if (input.type !== undefined) token.type = toStoreType(input.type);
  if (input.userId !== undefined) token.userId = input.userId;
  token.updatedAt = ctx.now.toISOString();
  return json(200, { data: view(ctx)(token) });
}

const ListFilterSchema = z.object({
  idTagUid: z.string().optional(),
  idLabel: z.string().optional(),
  userId: integerFilter,
  status: z.enum(STATUSES).optional(),
  type: z.enum(["rfid", "mac_address", "emaid"]).optional(),
});

function listIdTags(ctx: RouteContext) {
  const { url, state, runtime } = ctx;
  const filter = validate(
    ListFilterSchema,
    readFilters(url, ["idTagUid", "idLabel", "userId", "status", "type"]),
    "filter.",
  );
  const tags = state.tokens
    .filter((t) => filter.idTagUid === undefined || tagUid(t.code, runtime.settings) === filter.idTagUid)
    .filter((t) => filter.idLabel === undefined || t.visualNumber === filter.idLabel)
    .filter((t) => filter.userId === undefined || t.userId === filter.userId)
    .filter((t) => filter.status === undefined || TAG_STATUS[t.status] === filter.status)
    .filter((t) => filter.type === undefined || TAG_TYPE[t.type] === filter.type)
    .sort((a, b) => a.id - b.id);
  return pagedResponse(tags, url, view(ctx), listMode({ runtime }, false));
}

function deleteIdTag({ params, state }: RouteContext) {
  const token = findTag(state, params[0]);
  state.tokens.splice(state.tokens.indexOf(token), 1);
  return empty(204);
}

export const ampecoIdTagRoutes: Route[] = [
  { method: "GET", pattern: ID_TAGS, handler: listIdTags },
  { method: "POST", pattern: ID_TAGS, handler: createIdTag },
  {
    method: "GET",
    pattern: ID_TAG,
    handler: (ctx) => json(200, { data: view(ctx)(findTag(ctx.state, ctx.params[0])) }),
  },
  { method: "PATCH", pattern: ID_TAG, handler: patchIdTag },
  { method: "DELETE", pattern: ID_TAG, handler: deleteIdTag },
];
