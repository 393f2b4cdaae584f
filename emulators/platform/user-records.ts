import { notFound, parseId } from "./http";
import { hashPassword } from "./seed";
import { nextId, type EmulatorState, type UserRecord } from "./store";

/** The store's users as both dialects' routes and the voucher route find, add and change them. */

export function findUser(state: EmulatorState, rawId: string | undefined): UserRecord {
  const id = parseId(rawId, "User");
  const user = state.users.find((u) => u.id === id);
  if (!user) throw notFound("User", id);
  return user;
}

/** A new user in the store with an empty profile, no balance and no currency (both dialects). */
export function addUser(
  state: EmulatorState,
  now: Date,
  fields: { email: string; password: string; partnerId: number | null; userGroupId: number | null },
): UserRecord {
  const user: UserRecord = {
    id: nextId(state, "user"),
    email: fields.email,
    passwordHash: hashPassword(fields.password),
    firstName: null,
    lastName: null,
    phone: null,
    address: null,
    city: null,
    postCode: null,
    country: null,
    partnerId: fields.partnerId,
    userGroupId: fields.userGroupId,
    balanceCents: 0,
    currency: null,
    createdAt: now.toISOString(),
    status: "enabled",
    requirePasswordReset: false,
    updatedAt: null,
    startRefusal: null,
  };
  state.users.push(user);
  return user;
}

export const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const TAKEN = "The email has already been taken.";

export function emailTaken(state: EmulatorState, address: unknown, exceptUserId?: number): boolean {
  return (
    typeof address === "string" && state.users.some((u) => u.id !== exceptUserId && sameEmail(u.email, address.trim()))
  );
}

type ProfileField = "first_name" | "last_name" | "phone" | "address" | "city" | "post_code" | "country";

/** The snake_case profile fields both dialects accept; absent fields stay as they are. */
export function applyProfile(user: UserRecord, input: Partial<Record<ProfileField, string | null>>) {
  if (input.first_name !== undefined) user.firstName = input.first_name;
  if (input.last_name !== undefined) user.lastName = input.last_name;
  if (input.phone !== undefined) user.phone = input.phone;
  if (input.address !== undefined) user.address = input.address;
  if (input.city !== undefined) user.city = input.city;
  if (input.post_code !== undefined) user.postCode = input.post_code;
  if (input.country !== undefined) user.country = input.country;
}
