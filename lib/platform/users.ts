import "server-only";
import type { z } from "zod";
import type { EndpointName } from "./endpoint-table";
import { PlatformResponseError } from "./errors";
import type { UsersApi } from "./apis";
import type { PlatformRequester } from "./request";
import type { PlatformUser, UpdateUserInput } from "./types";
import type { WireProfile } from "./wire";

/** Users on the wire where both dialects are alike; what differs stays in each dialect's users.ts. */

/** The editable profile fields, shared by create and update. */
export type ProfileFields = UpdateUserInput;

const WIRE_NAMES: Record<keyof ProfileFields, string> = {
  firstName: "first_name",
  lastName: "last_name",
  phone: "phone",
  address: "address",
  city: "city",
  postCode: "post_code",
  country: "country",
};

/** Request body of the profile: snake_case names; only fields that were given are sent. */
export function profileBody(fields: ProfileFields): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of Object.keys(WIRE_NAMES) as (keyof ProfileFields)[]) {
    const value = fields[key];
    if (value !== undefined) body[WIRE_NAMES[key]] = value;
  }
  return body;
}

/** The profile's request field names in a 422 → the portal's form field names (`first_name` → `firstName`). */
export const PROFILE_FIELD_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(WIRE_NAMES)
    .filter(([form, wire]) => form !== wire)
    .map(([form, wire]) => [wire, form]),
);

/**
 * Wire user to view model (null without any e-mail). Create/update answers may be partial: `known` (what was just sent)
 * fills the gaps so the portal shows no blanks for values it has just written.
 */
export function toPlatformUser(
  wire: WireProfile,
  known: ProfileFields & { email?: string },
  account: { currency: string | null; disabled: boolean },
): PlatformUser | null {
  const email = wire.email ?? known.email;
  if (email === undefined) return null;
  const pick = (value: string | null | undefined, fallback: string | undefined) => value ?? fallback ?? null;
  return {
    id: wire.id,
    email,
    firstName: pick(wire.firstName, known.firstName),
    lastName: pick(wire.lastName, known.lastName),
    phone: pick(wire.phone, known.phone),
    address: pick(wire.address, known.address),
    city: pick(wire.city, known.city),
    postCode: pick(wire.postCode, known.postCode),
    country: pick(wire.country, known.country),
    balance: wire.balance ?? null,
    currency: account.currency,
    createdAt: wire.createdAt ?? null,
    disabled: account.disabled,
  };
}

/** The user, or a PlatformResponseError when the platform's record carried no e-mail. */
export function requireUser(user: PlatformUser | null, endpoint: EndpointName): PlatformUser {
  if (!user) throw new PlatformResponseError(endpoint, "the user record has no e-mail");
  return user;
}

/** The user whose e-mail is exactly `email` (case-insensitive): the platforms' filters may match loosely. */
function withEmail<U extends { email?: string }>(users: readonly U[], email: string): U | undefined {
  const wanted = email.trim().toLowerCase();
  return users.find((u) => u.email?.trim().toLowerCase() === wanted);
}

/**
 * `updateUser` of both dialects: a PATCH of the fields given, or no call at all when none is.
 * `toUser` maps the answer, which the dialects trust differently.
 */
export function profileUpdate<W>(
  requester: PlatformRequester,
  schema: z.ZodType<{ data: W }>,
  getUser: (id: number) => Promise<PlatformUser>,
  toUser: (wire: W, changes: ProfileFields, id: number) => PlatformUser | Promise<PlatformUser>,
): UsersApi["updateUser"] {
  return async (id, changes) => {
    const body = profileBody(changes);
    if (Object.keys(body).length === 0) return getUser(id);
    const { data } = await requester.request({ endpoint: "users.update", params: { id }, body, schema });
    return toUser(data.data, changes, id);
  };
}

/**
 * `findUserByEmail` of both dialects: the `filter[email]` listing (with the dialect's paging), checked
 * for exactly this e-mail, since the filter may match loosely.
 */
export function emailLookUp<W extends { email?: string }>(
  requester: PlatformRequester,
  schema: z.ZodType<{ data: W[] }>,
  paging: Record<string, string | number>,
  toUser: (wire: W) => PlatformUser | null,
): UsersApi["findUserByEmail"] {
  return async (email) => {
    const { data } = await requester.request({
      endpoint: "users.list",
      query: { "filter[email]": email.trim(), ...paging },
      schema,
    });
    const hit = withEmail(data.data, email);
    return hit ? toUser(hit) : null;
  };
}

/** `changeEmail` of both dialects: the PATCH {email}; a taken address is a 422 and the old one stays. */
export function emailChange(
  requester: PlatformRequester,
  schema: z.ZodType<{ data: { id: number; email?: string } }>,
): UsersApi["changeEmail"] {
  return async (id, email) => {
    const { data } = await requester.request({
      endpoint: "users.changeEmail",
      params: { id },
      body: { email },
      schema,
    });
    // The contract echoes the address; AMPECO's answer may leave it out.
    return { id: data.data.id, email: data.data.email ?? email };
  };
}
