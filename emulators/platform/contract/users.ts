import { randomBytes } from "node:crypto";
import { z } from "zod";
import {
  empty,
  json,
  paginate,
  readJsonObject,
  toFieldErrors,
  validate,
  validationError,
  type FieldErrors,
} from "../http";
import type { Route, RouteContext } from "../router";
import { nextId } from "../store";
import { addUser, applyProfile, emailTaken, findUser, sameEmail, TAKEN } from "../user-records";
import { createdUserView, userView } from "../views";

/**
 * Users v1.1 plus the two v1.0 sub-actions the contract names (e-mail change, password reset).
 * Unknown body fields are ignored, not rejected: the real platform (Laravel validation) drops
 * keys it has no rule for, and a client must not depend on stricter behaviour.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
const country = z
  .string()
  .regex(/^[A-Z]{2}$/, "The :attribute field must be an ISO 3166-1 alpha-2 code in upper case (e.g. NL).")
  .nullable()
  .optional();
const email = z.string().trim().max(255).pipe(z.email());

const ProfileFields = {
  first_name: text(255),
  last_name: text(255),
  phone: text(50),
  address: text(255),
  city: text(255),
  post_code: text(16),
  country,
};

const CreateUserSchema = z.object({
  email,
  password: z.string().min(6).max(255),
  ...ProfileFields,
  partnerId: z.int().min(1).optional(),
  userGroupId: z.int().min(1).optional(),
  // The real create body names groups `userGroupIds`; accepted too so either client profile works.
  userGroupIds: z.array(z.int().min(1)).optional(),
});

// email and password are "not part of this endpoint": dropped like any other unknown key.
const UpdateUserSchema = z.object(ProfileFields);
const ChangeEmailSchema = z.object({ email });

const USERS = /^\/public-api\/resources\/users\/v1\.1$/;
const USER = /^\/public-api\/resources\/users\/v1\.1\/([^/]+)$/;
const USER_EMAIL = /^\/public-api\/resources\/users\/v1\.0\/([^/]+)\/email$/;
const USER_PASSWORD_RESET = /^\/public-api\/resources\/users\/v1\.0\/([^/]+)\/password-reset$/;

async function createUser({ request, state, now }: RouteContext) {
  const body = await readJsonObject(request);
  const parsed = CreateUserSchema.safeParse(body);
  // Report the duplicate together with other field errors, as one Laravel validation pass would.
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error, body);
  if (!errors.email && emailTaken(state, body.email)) errors.email = [TAKEN];
  if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);
  const input = parsed.data;
  const user = addUser(state, now, {
    email: input.email,
    password: input.password,
    partnerId: input.partnerId ?? null,
    userGroupId: input.userGroupId ?? input.userGroupIds?.[0] ?? null,
  });
  applyProfile(user, input);
  return json(201, { data: createdUserView(user) });
}

function listUsers({ url, state }: RouteContext) {
  const emailFilter = url.searchParams.get("filter[email]");
  const users = emailFilter === null ? state.users : state.users.filter((u) => sameEmail(u.email, emailFilter.trim()));
  const page = paginate(
    [...users].sort((a, b) => a.id - b.id),
    url,
    { withLastPage: true },
  );
  return json(200, { ...page, data: page.data.map(userView) });
}

function getUser({ params, state }: RouteContext) {
  return json(200, { data: userView(findUser(state, params[0])) });
}

async function updateUser({ request, params, state }: RouteContext) {
  const user = findUser(state, params[0]);
  const input = validate(UpdateUserSchema, await readJsonObject(request));
  applyProfile(user, input);
  const { balance: _b, currency: _c, createdAt: _t, ...subset } = userView(user);
  return json(200, { data: subset });
}

async function changeEmail({ request, params, state }: RouteContext) {
  const user = findUser(state, params[0]);
  const body = await readJsonObject(request);
  const input = validate(ChangeEmailSchema, body);
  if (emailTaken(state, input.email, user.id)) throw validationError({ email: [TAKEN] });
  user.email = input.email;
  return json(200, { data: { id: user.id, email: user.email } });
}

async function startPasswordReset({ request, params, state, now }: RouteContext) {
  const user = findUser(state, params[0]);
  await readJsonObject(request); // no fields, but a malformed body is still a 400
  const token = randomBytes(16).toString("hex");
  const name = user.firstName ?? "driver";
  state.outbox.push({
    id: nextId(state, "mail"),
    kind: "password-reset",
    userId: user.id,
    to: user.email,
    subject: "Reset your charging app password",
    body: `Hello ${name},\n\nSomeone asked to reset the password of your charging app account. Choose a new password here:\nhttps://app.platform-emulator.invalid/reset-password?token=${token}\n\nThe link is valid for 60 minutes. If you did not ask for this, ignore this e-mail.`,
    sentAt: now.toISOString(),
  });
  return empty(204);
}

export const userRoutes: Route[] = [
  { method: "GET", pattern: USERS, handler: listUsers },
  { method: "POST", pattern: USERS, handler: createUser },
  { method: "GET", pattern: USER, handler: getUser },
  { method: "PATCH", pattern: USER, handler: updateUser },
  { method: "PATCH", pattern: USER_EMAIL, handler: changeEmail },
  { method: "POST", pattern: USER_PASSWORD_RESET, handler: startPasswordReset },
];
