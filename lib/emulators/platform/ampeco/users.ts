import { z } from "zod";
import { COUNTRY_CODES } from "@/lib/countries";
import { integerFilter, json, readFilters, readValidBody, validate } from "../http";
import type { Route, RouteContext } from "../router";
import { hashPassword } from "../seed";
import type { UserRecord } from "../store";
import { addUser, applyProfile, emailTaken, findUser, TAKEN } from "../routes/users";
import { pagedResponse } from "./paging";
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
  return json(201, { data: ampecoUserView(user) });
}

const ListFilterSchema = z.object({
  email: z.string().optional(),
  userGroupId: integerFilter,
  partnerId: integerFilter,
});

function listUsers({ url, state }: RouteContext) {
  const filter = validate(ListFilterSchema, readFilters(url, ["email", "userGroupId", "partnerId"]), "filter.");
  const users = state.users
    .filter((u) => filter.email === undefined || u.email.toLowerCase() === filter.email.trim().toLowerCase())
    .filter((u) => filter.userGroupId === undefined || u.userGroupId === filter.userGroupId)
    .filter((u) => filter.partnerId === undefined || u.partnerId === filter.partnerId)
    .sort((a, b) => a.id - b.id);
  return pagedResponse(users, url, ampecoUserView, { cursorOnly: false });
}

async function patchUser(ctx: RouteContext) {
  const user = findUser(ctx.state, ctx.params[0]);
  const input = await readUserBody(ctx, PatchUserSchema, user.id);
  apply(user, input);
  user.updatedAt = ctx.now.toISOString();
  return json(200, { data: ampecoUserView(user) });
}

export const ampecoUserRoutes: Route[] = [
  { method: "GET", pattern: USERS, handler: listUsers },
  { method: "POST", pattern: USERS, handler: createUser },
  {
    method: "GET",
    pattern: USER,
    handler: ({ params, state }) => json(200, { data: ampecoUserView(findUser(state, params[0])) }),
  },
  { method: "PATCH", pattern: USER, handler: patchUser },
];
