import "server-only";
import type { Dialect, DialectFactory } from "../../apis";
import { createPlatformRequester } from "../../request";
import { createVouchersApi } from "../../vouchers";
import { PlatformConfigurationError } from "../../endpoint-table";
import { createAmpecoCardsApi } from "./cards";
import { createAmpecoChargingApi } from "./charging";
import { AMPECO_ENDPOINTS, type AmpecoEndpointName } from "./endpoints";
import { AMPECO_FIELD_NAMES } from "./field-names";
import { createAmpecoLocationsApi } from "./locations";
import { createAmpecoMoneyApi } from "./money";
import { createAmpecoNotificationsApi } from "./notifications";
import { createOAuthTokenSource } from "./oauth";
import { createAmpecoSessionsApi } from "./sessions";
import { createAmpecoTenantApi } from "./tenant";
import { createAmpecoUsersApi } from "./users";

/**
 * The real AMPECO public API (shared/reference/platform-real-api-facts.md and
 * ampeco-openapi-subset.json). Redeem voucher is the same operation as in the contract.
 */
const createAmpecoApis: DialectFactory = (settings) => {
  const { requesterOptions, oauth, pathOverrides, partnerId, userGroupId, currency } = settings;
  if (pathOverrides && Object.values(pathOverrides).some((v) => v !== undefined)) {
    throw new PlatformConfigurationError("path overrides apply to the contract dialect only");
  }
  const tokenSource = oauth
    ? createOAuthTokenSource({
        baseUrl: requesterOptions.baseUrl,
        ...oauth,
        fetch: requesterOptions.fetch,
        now: requesterOptions.now,
        timeoutMs: requesterOptions.timeoutMs,
      })
    : undefined;
  const requester = createPlatformRequester<AmpecoEndpointName>({
    ...requesterOptions,
    tokenSource,
    endpoints: AMPECO_ENDPOINTS,
  });
  return {
    users: createAmpecoUsersApi({ requester, partnerId, userGroupId, currency }),
    cards: createAmpecoCardsApi(requester),
    sessions: createAmpecoSessionsApi({ requester, fallbackTimeZone: settings.timeZone, now: requesterOptions.now }),
    locations: createAmpecoLocationsApi(requester),
    vouchers: createVouchersApi(requester),
    notifications: createAmpecoNotificationsApi(requester),
    money: createAmpecoMoneyApi({
      requester,
      requesterOptions,
      bearer: () => (tokenSource ? tokenSource.token() : Promise.resolve(requesterOptions.apiKey)),
    }),
    tenant: createAmpecoTenantApi(requester),
    charging: createAmpecoChargingApi(requester),
    wire: { endpoints: AMPECO_ENDPOINTS, requester },
  };
};

export const AMPECO_DIALECT: Dialect = { create: createAmpecoApis, fieldNames: AMPECO_FIELD_NAMES };
