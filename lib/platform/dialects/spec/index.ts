import "server-only";
import type { DialectFactory } from "../../apis";
import { createPlatformRequester } from "../../request";
import { createVouchersApi } from "../../vouchers";
import { createSpecCardsApi } from "./cards";
import { buildEndpointTable } from "./endpoints";
import { createSpecLocationsApi } from "./locations";
import { createSpecSessionsApi } from "./sessions";
import { createSpecUsersApi } from "./users";

/** The contract dialect (shared/spec/platform-interface.md), the default. */
export const createSpecDialect: DialectFactory = ({ requesterOptions, partnerId, userGroupId, pathOverrides }) => {
  const endpoints = buildEndpointTable(pathOverrides);
  const requester = createPlatformRequester({ ...requesterOptions, endpoints });
  return {
    users: createSpecUsersApi({ requester, partnerId, userGroupId }),
    cards: createSpecCardsApi(requester),
    sessions: createSpecSessionsApi(requester, requesterOptions.now),
    locations: createSpecLocationsApi(requester),
    vouchers: createVouchersApi(requester),
    wire: { endpoints, requester },
  };
};
