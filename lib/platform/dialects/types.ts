import type { PathOverrides } from "./spec/endpoints";
import type { LocationsApi } from "../locations";
import type { PlatformRequesterOptions } from "../request";
import type { SessionsApi } from "../sessions";
import type { CardsApi } from "../tokens";
import type { UsersApi } from "../users";
import type { VouchersApi } from "../vouchers";

/** What a dialect builds from the shared settings: the same five APIs over its own wire format. */
export interface DialectSettings {
  requesterOptions: Omit<PlatformRequesterOptions, "endpoints" | "tokenSource">;
  partnerId: number;
  userGroupId: number;
  pathOverrides?: PathOverrides;
  /** Currency of balances when the platform's users carry none (ampeco). */
  currency: string;
  /** Local times when the platform gives neither them nor a known location zone (ampeco). */
  timeZone: string;
  /** OAuth client credentials instead of the key (ampeco). */
  oauth?: { clientId: string; clientSecret: string };
}

export interface DialectApis {
  users: UsersApi;
  cards: CardsApi;
  sessions: SessionsApi;
  locations: LocationsApi;
  vouchers: VouchersApi;
}

export type DialectFactory = (settings: DialectSettings) => DialectApis;
