import "server-only";
import { buildEndpointTable, type PathOverrides } from "./endpoints";
import { createLocationsApi, type LocationsApi } from "./locations";
import { createPlatformRequester, type PlatformRequesterOptions } from "./request";
import { createSessionsApi, type SessionsApi } from "./sessions";
import { createCardsApi, type CardsApi } from "./tokens";
import { createUsersApi, type UsersApi } from "./users";
import { createVouchersApi, type VouchersApi } from "./vouchers";

/**
 * Entry point of the typed platform client. The app builds one from configuration
 * (lib/platform/index.ts, wired by the lead) and injects `fetch` for the in-process emulator.
 */

export interface PlatformClientOptions extends Omit<PlatformRequesterOptions, "endpoints"> {
  /** Sent on user create. */
  partnerId: number;
  /** Sent on user create, so the driver lands in the right group. */
  userGroupId: number;
  /** The three paths the spec marks as unconfirmed; validated here, so a bad value fails at start-up. */
  pathOverrides?: PathOverrides;
}

export interface PlatformClient {
  users: UsersApi;
  cards: CardsApi;
  sessions: SessionsApi;
  locations: LocationsApi;
  vouchers: VouchersApi;
}

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const { partnerId, userGroupId, pathOverrides, ...requesterOptions } = options;
  const requester = createPlatformRequester({ ...requesterOptions, endpoints: buildEndpointTable(pathOverrides) });
  return {
    users: createUsersApi({ requester, partnerId, userGroupId }),
    cards: createCardsApi(requester),
    sessions: createSessionsApi(requester),
    locations: createLocationsApi(requester),
    vouchers: createVouchersApi(requester),
  };
}

export type { PathOverrides } from "./endpoints";
export { PlatformConfigurationError } from "./endpoints";
export type { EndpointName } from "./endpoints";
export * from "./errors";
export type { PlatformCallOutcome, PlatformLogLine, PlatformLogger } from "./logging";
export type { PlatformRequesterOptions } from "./request";
export type * from "./types";
export { locationName } from "./location-name";
