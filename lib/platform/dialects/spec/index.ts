import "server-only";
import { createLocationsApi } from "../../locations";
import { createPlatformRequester } from "../../request";
import { createSessionsApi } from "../../sessions";
import { createCardsApi } from "../../tokens";
import { createUsersApi } from "../../users";
import { createVouchersApi } from "../../vouchers";
import type { DialectFactory } from "../types";
import { buildEndpointTable } from "./endpoints";

/**
 * The contract dialect (shared/spec/platform-interface.md), the default. Its resource modules
 * predate the seam and stay at lib/platform/{users,tokens,sessions,locations,vouchers}.ts; this
 * file is what makes them one dialect among others.
 */
export const createSpecDialect: DialectFactory = ({ requesterOptions, partnerId, userGroupId, pathOverrides }) => {
  const requester = createPlatformRequester({ ...requesterOptions, endpoints: buildEndpointTable(pathOverrides) });
  return {
    users: createUsersApi({ requester, partnerId, userGroupId }),
    cards: createCardsApi(requester),
    sessions: createSessionsApi(requester),
    locations: createLocationsApi(requester),
    vouchers: createVouchersApi(requester),
  };
};

export { SPEC_FIELD_NAMES } from "./field-names";
