import "server-only";
import type { Dialect } from "../../apis";
import { createPlatformRequester } from "../../request";
import { createVouchersApi } from "../../vouchers";
import { createContractCardsApi } from "./cards";
import { buildEndpointTable, type ContractEndpointName } from "./endpoints";
import { CONTRACT_FIELD_NAMES } from "./field-names";
import { createContractLocationsApi } from "./locations";
import { createContractSessionsApi } from "./sessions";
import { createContractUsersApi } from "./users";

/** The contract dialect (shared/spec/platform-interface.md), the default. */
export const CONTRACT_DIALECT: Dialect = {
  create: ({ requesterOptions, partnerId, userGroupId, pathOverrides }) => {
    const endpoints = buildEndpointTable(pathOverrides);
    const requester = createPlatformRequester<ContractEndpointName>({ ...requesterOptions, endpoints });
    return {
      users: createContractUsersApi({ requester, partnerId, userGroupId }),
      cards: createContractCardsApi(requester),
      sessions: createContractSessionsApi(requester, requesterOptions.now),
      locations: createContractLocationsApi(requester),
      vouchers: createVouchersApi(requester),
      wire: { endpoints, requester },
    };
  },
  fieldNames: CONTRACT_FIELD_NAMES,
};
