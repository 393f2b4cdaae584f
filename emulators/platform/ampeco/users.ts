import { z } from "zod";
import { COUNTRY_CODES } from "@/lib/core/countries";
import { integerFilter, json, readFilters, readValidBody, validate, type FieldErrors } from "../http";
import type { Route, RouteContext } from "../router";
import { hashPassword } from "../seed";
import type { UserRecord } from "../store";
import { addUser, applyProfile, emailTaken, findUser, TAKEN } from "../user-records";
import { listMode, pagedResponse } from "./paging";
import { ampecoUserView } from "./views";

/**
 * Users v1.1 (and the deprecated v1.0, same shape). Request bodies are snake_case for the legacy
 * profile fields; groups are `userGroupIds` (a singular `userGroupId` is dropped like any unknown
 * key). E-mail and password change through PATCH; there is no e-mail or reset sub-resource.
 */
const text = z
  .string()
  .trim()
  .max(255)
  .transform((v) => (v === "" ? null : v));
const email = z.string().trim().max(255).pipe(z.email());
const password = z.string().min(6).max(255);
const country = z.enum(COUNTRY_CODES as [string, ...string[]]);

const ProfileFields = {
  first_name: text.optional(),
  middle_name: text.optional(),
  last_name: text.optional(),
  phone: text.optional(),
  address: text.optional(),
  city: text.optional(),
  post_code: text.optional(),
  country: country.optional(),
  requirePasswordReset: z.boolean().optional(),
  userGroupIds: z.array(z.int().min(1)).optional(),
};

const CreateUserSchema = z.object({ email, password, partnerId: z.int().min(1).optional(), ...ProfileFields });

/**
 * Ids that must name records of the tenant (Laravel's `exists` rule): a `partnerId` on create and
 * every `userGroupIds` item. The OpenAPI document lists the fields without the rule (inferred,
 * the stricter reading: a real tenant cannot put a user in a group it does not have).
 */
function knownIds(ctx: RouteContext, body: Record<string, unknown>, errors: FieldErrors) {
  const { partners, userGroups } = ctx.runtime.settings;
  if (!errors.partnerId && typeof body.partnerId === "number" && !partners.some((p) => p.id === body.partnerId))
    errors.partnerId = ["The selected partner id is invalid."];
  if (Array.isArray(body.userGroupIds))
    body.userGroupIds.forEach((id, index) => {
      const key = `userGroupIds.${index}`;
      if (!errors[key] && typeof id === "number" && !userGroups.some((g) => g.id === id))
        errors[key] = [`The selected user group ids.${index} is invalid.`];
    });
}
const PatchUserSchema = z.object({ email: email.optional(), password: password.optional(), ...ProfileFields });

const USERS = /^\/public-api\/resources\/users\/v1\.[01]$/;
const USER = /^\/public-api\/resources\/users\/v1\.[01]\/([^/]+)$/;

function apply(user: UserRecord, input: z.infer<typeof PatchUserSchema>) {
  applyProfile(user, input);
  if (input.email !== undefined) user.email = input.email;
  if (input.password !== undefined) user.passwordHash = hashPassword(input.password);
  if (input.requirePasswordReset !== undefined) user.requirePasswordReset = input.requirePasswordReset;
  if (input.userGroupIds !== undefined) user.userGroupId = input.userGroupIds[0] ?? null;
}

/** The body, with the unique e-mail rule in the same validation pass. */
const readUserBody = <T extends z.ZodType>(ctx: RouteContext, schema: T, exceptUserId?: number) =>
  readValidBody(ctx.request, schema, (body, errors) => {
    if (!errors.email && emailTaken(ctx.state, body.email, exceptUserId)) errors.email = [TAKEN];
    knownIds(ctx, body, errors);
  });

async function createUser(ctx: RouteContext) {
  const input = await readUserBody(ctx, CreateUserSchema);
  const user = addUser(ctx.state, ctx.now, {
    email: input.email,
    password: input.password,
    partnerId: input.partnerId ?? null,
    userGroupId: null,
  });
  apply(user, { ...input, password: undefined });
  return json(201, { data: ampecoUserView(user, ctx.runtime.settings) });
}

const ListFilterSchema = z.object({
  email: z.string().optional(),
  userGroupId: integerFilter,
  partnerId: integerFilter,
});

function listUsers({ url, state, runtime }: RouteContext) {
  const filter = validate(ListFilterSchema, readFilters(url, ["email", "userGroupId", "partnerId"]), "filter.");
  const users = state.users
    .filter((u) => filter.email === undefined || u.email.toLowerCase() === filter.email.trim().toLowerCase())
    .filter((u) => filter.userGroupId === undefined || u.userGroupId === filter.userGroupId)
    .filter((u) => filter.partnerId === undefined || u.partnerId === filter.partnerId)
    .sort((a, b) => a.id - b.id);
  return pagedResponse(users, url, (u) => ampecoUserView(u, runtime.settings), listMode({ runtime }, false));
}

async function patchUser(ctx: RouteContext) {
  const user = findUser(ctx.state, ctx.params[0]);
  const input = await readUserBody(ctx, PatchUserSchema, user.id);
  apply(user, input);
  user.updatedAt = ctx.now.toISOString();
  return json(200, { data: ampecoUserView(user, ctx.runtime.settings) });
}

export const ampecoUserRoutes: Route[] = [
  { method: "GET", pattern: USERS, handler: listUsers },
  { method: "POST", pattern: USERS, handler: createUser },
  {
    method: "GET",
    pattern: USER,
    handler: ({ params, state, runtime }) =>
      json(200, { data: ampecoUserView(findUser(state, params[0]), runtime.settings) }),
  },
  { method: "PATCH", pattern: USER, handler: patchUser },
];
