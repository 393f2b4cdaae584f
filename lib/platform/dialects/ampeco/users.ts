import "server-only";
import { PlatformResponseError, PlatformSettingRefusedError, PlatformValidationError } from "../../errors";
import type { PlatformRequester } from "../../request";
import {
  PLATFORM_EXPORT_LINK_HOURS,
  type CreateUserInput,
  type ListUsersQuery,
  type Page,
  type PlatformExportLink,
  type PlatformUser,
  type UpdateUserInput,
} from "../../types";
import type { UsersApi } from "../../users";
import { cursorPageN, cursorQuery } from "./paging";
import { AmpecoExportLink, AmpecoUser, ampecoItem, ampecoList } from "./schemas";

/**
 * Users v1.1 on the real platform: snake_case profile fields, `partnerId` and `userGroupIds` on
 * create; e-mail and password change with PATCH; no reset mail (the closest is
 * `requirePasswordReset`). Users carry no currency, so the configured one stands in.
 */
const UserResponse = ampecoItem(AmpecoUser);
const UserListResponse = ampecoList(AmpecoUser);

const SNAKE: Record<keyof UpdateUserInput, string> = {
  firstName: "first_name",
  lastName: "last_name",
  phone: "phone",
  address: "address",
  city: "city",
  postCode: "post_code",
  country: "country",
};

function profileBody(fields: UpdateUserInput): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of Object.keys(SNAKE) as (keyof UpdateUserInput)[]) {
    const value = fields[key];
    if (value !== undefined) body[SNAKE[key]] = value;
  }
  return body;
}

export function toAmpecoPlatformUser(wire: AmpecoUser, currency: string, knownEmail?: string): PlatformUser | null {
  const email = wire.email ?? knownEmail;
  if (email === undefined) return null;
  return {
    id: wire.id,
    email,
    firstName: wire.firstName ?? null,
    lastName: wire.lastName ?? null,
    phone: wire.phone ?? null,
    address: wire.address ?? null,
    city: wire.city ?? null,
    postCode: wire.postCode ?? null,
    country: wire.country ?? null,
    balance: wire.balance ?? null,
    currency,
    createdAt: wire.createdAt ?? null,
    disabled: wire.status === "disabled",
  };
}

export interface AmpecoUsersDeps {
  requester: PlatformRequester;
  partnerId: number;
  userGroupId: number;
  currency: string;
}

export function createAmpecoUsersApi({ requester, partnerId, userGroupId, currency }: AmpecoUsersDeps): UsersApi {
  const toUser = (
    wire: AmpecoUser,
    endpoint: "users.get" | "users.list" | "users.create" | "users.update",
    knownEmail?: string,
  ) => {
    const user = toAmpecoPlatformUser(wire, currency, knownEmail);
    if (!user) throw new PlatformResponseError(endpoint, "the user record has no e-mail");
    return user;
  };

  async function getUser(id: number): Promise<PlatformUser> {
    const { data } = await requester.request({ endpoint: "users.get", params: { id }, schema: UserResponse });
    return toUser(data.data, "users.get");
  }

  return {
    async createUser(input: CreateUserInput): Promise<PlatformUser> {
      const { email, password, ...profile } = input;
      const body = { email, password, ...profileBody(profile), partnerId, userGroupIds: [userGroupId] };
      try {
        const { data } = await requester.request({ endpoint: "users.create", body, schema: UserResponse });
        return toUser(data.data, "users.create", email);
      } catch (error) {
        // A partner or group the tenant does not have is the portal's setting, not the person's input.
        if (error instanceof PlatformValidationError) {
          const fields = Object.keys(error.fieldErrors);
          if (fields.includes("partnerId")) throw new PlatformSettingRefusedError("PLATFORM_PARTNER_ID", partnerId);
          if (fields.some((f) => /^userGroupIds(\.\d+)?$/.test(f)))
            throw new PlatformSettingRefusedError("PLATFORM_USER_GROUP_ID", userGroupId);
        }
        throw error;
      }
    },

    getUser,

    async updateUser(id: number, changes: UpdateUserInput): Promise<PlatformUser> {
      const body = profileBody(changes);
      if (Object.keys(body).length === 0) return getUser(id);
      const { data } = await requester.request({
        endpoint: "users.update",
        params: { id },
        body,
        schema: UserResponse,
      });
      return toUser(data.data, "users.update");
    },

    async listUsers(query: ListUsersQuery = {}): Promise<Page<PlatformUser>> {
      return cursorPageN(
        requester,
        { endpoint: "users.list", query: { "filter[email]": query.email }, schema: UserListResponse },
        (u) => toUser(u, "users.list"),
        query,
      );
    },

    async findUserByEmail(email: string): Promise<PlatformUser | null> {
      const wanted = email.trim().toLowerCase();
      const { data } = await requester.request({
        endpoint: "users.list",
        query: { "filter[email]": email.trim(), ...cursorQuery(10) },
        schema: UserListResponse,
      });
      const hit = data.data.find((u) => u.email?.trim().toLowerCase() === wanted);
      return hit ? toAmpecoPlatformUser(hit, currency) : null;
    },

    /** PATCH {email}; a taken address is a 422 on `email` and the old address stays. */
    async changeEmail(id: number, email: string): Promise<{ id: number; email: string }> {
      const { data } = await requester.request({
        endpoint: "users.changeEmail",
        params: { id },
        body: { email },
        schema: UserResponse,
      });
      return { id: data.data.id, email: data.data.email ?? email };
    },

    /**
     * The real platform mails no reset link: this asks the app to demand a new password at the
     * next sign-in (the staff action in this dialect).
     */
    async startPasswordReset(id: number): Promise<void> {
      await requester.request({
        endpoint: "users.requirePasswordReset",
        params: { id },
        body: { requirePasswordReset: true },
      });
    },

    /**
     * Disables the platform user (`change-status`, 202), with the reason the platform keeps: a
     * carried-out account deletion. Status is no PATCH field on the real platform.
     */
    async disableUser(id: number, reason: string): Promise<void> {
      await requester.request({
        endpoint: "users.changeStatus",
        params: { id },
        body: { status: "disabled", reason: reason.slice(0, 255) },
      });
    },

    /** The platform's own GDPR export of the user: a download link, valid for 24 hours. */
    async exportPrivateData(id: number): Promise<PlatformExportLink> {
      const { data } = await requester.request({
        endpoint: "users.exportPrivateData",
        params: { id },
        schema: AmpecoExportLink,
      });
      return { downloadUrl: data.downloadUrl, validForHours: PLATFORM_EXPORT_LINK_HOURS };
    },

    /** Sets the driver's app password once (minimum 6); the portal neither stores nor logs it. */
    async setAppPassword(id: number, password: string): Promise<void> {
      await requester.request({ endpoint: "users.setPassword", params: { id }, body: { password } });
    },
  };
}
