import "server-only";
import { PlatformResponseError } from "./errors";
import { pageQuery, toPage } from "./pagination";
import type { PlatformRequester } from "./request";
import { WireEmailChange, WireUser, wireItem, wireList } from "./schemas";
import type { CreateUserInput, ListUsersQuery, Page, PlatformExportLink, PlatformUser, UpdateUserInput } from "./types";

const UserResponse = wireItem(WireUser);
const UserListResponse = wireList(WireUser);
const EmailChangeResponse = wireItem(WireEmailChange);

/** The editable profile fields, shared by create and update. */
type ProfileFields = UpdateUserInput;

/**
 * Maps a wire user to the view model. Create and update answers may carry only a subset of
 * the fields; `known` (what was just sent) fills the gaps so the portal does not show blanks
 * for values it has just written.
 */
export function toPlatformUser(wire: WireUser, known: ProfileFields & { email?: string } = {}): PlatformUser | null {
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
    currency: wire.currency ?? null,
    createdAt: wire.createdAt ?? null,
    disabled: false,
  };
}

/** Requests use snake_case names; only fields that were given are sent. */
function profileBody(fields: ProfileFields): Record<string, string> {
  const names: Record<keyof ProfileFields, string> = {
    firstName: "first_name",
    lastName: "last_name",
    phone: "phone",
    address: "address",
    city: "city",
    postCode: "post_code",
    country: "country",
  };
  const body: Record<string, string> = {};
  for (const key of Object.keys(names) as (keyof ProfileFields)[]) {
    const value = fields[key];
    if (value !== undefined) body[names[key]] = value;
  }
  return body;
}

export interface UsersApiDeps {
  requester: PlatformRequester;
  partnerId: number;
  userGroupId: number;
}

export function createUsersApi({ requester, partnerId, userGroupId }: UsersApiDeps) {
  const requireUser = (user: PlatformUser | null, endpoint: "users.get" | "users.list"): PlatformUser => {
    if (!user) throw new PlatformResponseError(endpoint, "the user record has no e-mail");
    return user;
  };

  async function getUser(id: number): Promise<PlatformUser> {
    const { data } = await requester.request({ endpoint: "users.get", params: { id }, schema: UserResponse });
    return requireUser(toPlatformUser(data.data), "users.get");
  }

  return {
    /** Creates the driver's platform account in the configured partner and user group. */
    async createUser(input: CreateUserInput): Promise<PlatformUser> {
      const { email, password, ...profile } = input;
      const body = { email, password, ...profileBody(profile), partnerId, userGroupId };
      const { data } = await requester.request({ endpoint: "users.create", body, schema: UserResponse });
      // The create answer always echoes the e-mail per spec; fall back to the one sent.
      return toPlatformUser(data.data, { ...profile, email }) as PlatformUser;
    },

    getUser,

    /** Partial update; fields left undefined stay unchanged on the platform. */
    async updateUser(id: number, changes: UpdateUserInput): Promise<PlatformUser> {
      const body = profileBody(changes);
      if (Object.keys(body).length === 0) return getUser(id);
      const { data } = await requester.request({
        endpoint: "users.update",
        params: { id },
        body,
        schema: UserResponse,
      });
      // An update answer may be a subset without the e-mail; then read the full record once.
      return toPlatformUser(data.data, changes) ?? getUser(id);
    },

    async listUsers(query: ListUsersQuery = {}): Promise<Page<PlatformUser>> {
      const { data } = await requester.request({
        endpoint: "users.list",
        query: { "filter[email]": query.email, ...pageQuery(query.page, query.perPage) },
        schema: UserListResponse,
      });
      return toPage(data, (u) => requireUser(toPlatformUser(u), "users.list"), query);
    },

    /**
     * The platform user with exactly this e-mail (case-insensitive), or null. The filter may
     * match loosely, so the result is checked rather than trusting the first hit.
     */
    async findUserByEmail(email: string): Promise<PlatformUser | null> {
      const wanted = email.trim().toLowerCase();
      const { data } = await requester.request({
        endpoint: "users.list",
        query: { "filter[email]": email.trim() },
        schema: UserListResponse,
      });
      const hit = data.data.find((u) => u.email?.trim().toLowerCase() === wanted);
      return hit ? toPlatformUser(hit) : null;
    },

    /** 422 (PlatformValidationError) when the address is taken; the old one then stays active. */
    async changeEmail(id: number, email: string): Promise<{ id: number; email: string }> {
      const { data } = await requester.request({
        endpoint: "users.changeEmail",
        params: { id },
        body: { email },
        schema: EmailChangeResponse,
      });
      return { id: data.data.id, email: data.data.email };
    },

    /** The platform mails the driver a reset link (204); the portal never sees a password. */
    async startPasswordReset(id: number): Promise<void> {
      await requester.request({ endpoint: "users.startPasswordReset", params: { id }, body: {} });
    },
  };
}

/**
 * The users operations every dialect offers. `setAppPassword` exists only where the platform can
 * set a password directly (ampeco); the contract mails a reset link instead (startPasswordReset).
 * `disableUser` exists only where the platform has a user status (ampeco); under the contract a
 * deleted account's cards are blocked instead. `exportPrivateData` is the real platform's own GDPR
 * export (ampeco); the contract has none, and the portal's "Download my data" covers both.
 */
export type UsersApi = ReturnType<typeof createUsersApi> & {
  setAppPassword?: (id: number, password: string) => Promise<void>;
  disableUser?: (id: number, reason: string) => Promise<void>;
  exportPrivateData?: (id: number) => Promise<PlatformExportLink>;
};
