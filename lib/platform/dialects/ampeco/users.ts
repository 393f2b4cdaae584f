import "server-only";
import type { UsersApi } from "../../apis";
import { PlatformSettingRefusedError, PlatformValidationError } from "../../errors";
import { emailChange, emailLookUp, profileBody, profileUpdate, requireUser, toPlatformUser } from "../../users";
import type { AmpecoRequester } from "./endpoints";
import { PLATFORM_EXPORT_LINK_HOURS, type PlatformUser } from "../../types";
import { wireItem } from "../../wire";
import { cursorPageN, cursorQuery } from "./paging";
import { AmpecoExportLink, AmpecoUser, ampecoList } from "./schemas";

/** Users v1.1: no reset mail (closest: `requirePasswordReset`), no currency on users (the configured one stands in). */
const UserResponse = wireItem(AmpecoUser);
const UserListResponse = ampecoList(AmpecoUser);

export function toAmpecoPlatformUser(wire: AmpecoUser, currency: string, knownEmail?: string): PlatformUser | null {
  return toPlatformUser(wire, { email: knownEmail }, { currency, disabled: wire.status === "disabled" });
}

export interface AmpecoUsersDeps {
  requester: AmpecoRequester;
  partnerId: number;
  userGroupId: number;
  currency: string;
}

export function createAmpecoUsersApi({ requester, partnerId, userGroupId, currency }: AmpecoUsersDeps): UsersApi {
  const toUser = (
    wire: AmpecoUser,
    endpoint: "users.get" | "users.list" | "users.create" | "users.update",
    knownEmail?: string,
  ) => requireUser(toAmpecoPlatformUser(wire, currency, knownEmail), endpoint);

  async function getUser(id: number): Promise<PlatformUser> {
    const { data } = await requester.request({ endpoint: "users.get", params: { id }, schema: UserResponse });
    return toUser(data.data, "users.get");
  }

  return {
    async createUser(input) {
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

    updateUser: profileUpdate(requester, UserResponse, getUser, (wire) => toUser(wire, "users.update")),

    async listUsers(query = {}) {
      return cursorPageN(
        requester,
        { endpoint: "users.list", query: { "filter[email]": query.email }, schema: UserListResponse },
        (u) => toUser(u, "users.list"),
        query,
      );
    },

    findUserByEmail: emailLookUp(requester, UserListResponse, cursorQuery(10), (u) =>
      toAmpecoPlatformUser(u, currency),
    ),

    changeEmail: emailChange(requester, UserResponse),

    /**
     * The real platform mails no reset link: this asks the app to demand a new password at the
     * next sign-in (the staff action in this dialect).
     */
    async startPasswordReset(id) {
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
    async disableUser(id, reason) {
      await requester.request({
        endpoint: "users.changeStatus",
        params: { id },
        body: { status: "disabled", reason: reason.slice(0, 255) },
      });
    },

    /** The platform's own GDPR export of the user: a download link, valid for 24 hours. */
    async exportPrivateData(id) {
      const { data } = await requester.request({
        endpoint: "users.exportPrivateData",
        params: { id },
        schema: AmpecoExportLink,
      });
      return { downloadUrl: data.downloadUrl, validForHours: PLATFORM_EXPORT_LINK_HOURS };
    },

    /** Sets the driver's app password once (minimum 6); the portal neither stores nor logs it. */
    async setAppPassword(id, password) {
      await requester.request({ endpoint: "users.setPassword", params: { id }, body: { password } });
    },
  };
}
