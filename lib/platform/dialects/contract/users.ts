import "server-only";
import type { UsersApi } from "../../apis";
import {
  emailChange,
  emailLookUp,
  profileBody,
  profileUpdate,
  requireUser,
  toPlatformUser,
  type ProfileFields,
} from "../../users";
import type { ContractRequester } from "./endpoints";
import type { PlatformUser } from "../../types";
import { wireItem } from "../../wire";
import { numberedPageN } from "./paging";
import { WireEmailChange, WireUser, wireList } from "./schemas";

const UserResponse = wireItem(WireUser);
const UserListResponse = wireList(WireUser);
const EmailChangeResponse = wireItem(WireEmailChange);

/** The contract's users carry their currency and have no status. */
export function toContractUser(wire: WireUser, known: ProfileFields & { email?: string } = {}): PlatformUser | null {
  return toPlatformUser(wire, known, { currency: wire.currency ?? null, disabled: false });
}

export interface ContractUsersDeps {
  requester: ContractRequester;
  partnerId: number;
  userGroupId: number;
}

export function createContractUsersApi({ requester, partnerId, userGroupId }: ContractUsersDeps): UsersApi {
  async function getUser(id: number): Promise<PlatformUser> {
    const { data } = await requester.request({ endpoint: "users.get", params: { id }, schema: UserResponse });
    return requireUser(toContractUser(data.data), "users.get");
  }

  return {
    async createUser(input) {
      const { email, password, ...profile } = input;
      const body = { email, password, ...profileBody(profile), partnerId, userGroupId };
      const { data } = await requester.request({ endpoint: "users.create", body, schema: UserResponse });
      // The create answer always echoes the e-mail per the contract; fall back to the one sent.
      return toContractUser(data.data, { ...profile, email }) as PlatformUser;
    },

    getUser,

    // An update answer may be a subset without the e-mail; then read the full record once.
    updateUser: profileUpdate(
      requester,
      UserResponse,
      getUser,
      (wire, changes, id) => toContractUser(wire, changes) ?? getUser(id),
    ),

    listUsers: (query = {}) =>
      numberedPageN(
        requester,
        { endpoint: "users.list", query: { "filter[email]": query.email }, schema: UserListResponse },
        (u) => requireUser(toContractUser(u), "users.list"),
        query,
      ),

    findUserByEmail: emailLookUp(requester, UserListResponse, {}, (u) => toContractUser(u)),

    changeEmail: emailChange(requester, EmailChangeResponse),

    /** The platform mails the driver a reset link (204); the portal never sees a password. */
    async startPasswordReset(id) {
      await requester.request({ endpoint: "users.startPasswordReset", params: { id }, body: {} });
    },
  };
}
