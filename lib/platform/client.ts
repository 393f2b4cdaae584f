import "server-only";
import type { DialectApis } from "./apis";
import { DIALECTS, type DialectName } from "./dialects";
import type { PathOverrides } from "./endpoint-table";
import type { PlatformRequesterOptions } from "./request";

/** Entry point of the typed platform client; what differs per platform lives in dialects/<name>/, named in their registry. */

export interface PlatformClientOptions extends Omit<PlatformRequesterOptions, "endpoints" | "tokenSource"> {
  /** Default `contract` (the interface contract). */
  dialect?: DialectName;
  /** Sent on user create. */
  partnerId: number;
  /** Sent on user create, so the driver lands in the right group. */
  userGroupId: number;
  /** contract only: the three paths the contract marks as unconfirmed; validated here, so a bad value fails at start-up. */
  pathOverrides?: PathOverrides;
  /** ampeco: balances' currency (users carry none). Default EUR. */
  currency?: string;
  /** ampeco: local times when a location's zone is unknown. Default Europe/Amsterdam. */
  timeZone?: string;
  /** ampeco: OAuth client credentials instead of the key. */
  oauth?: { clientId: string; clientSecret: string };
}

export interface PlatformClient extends DialectApis {
  readonly dialect: DialectName;
}

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const {
    dialect = "contract",
    partnerId,
    userGroupId,
    pathOverrides,
    currency = "EUR",
    timeZone = "Europe/Amsterdam",
    oauth,
    ...requesterOptions
  } = options;
  const apis = DIALECTS[dialect].create({
    requesterOptions,
    partnerId,
    userGroupId,
    pathOverrides,
    currency,
    timeZone,
    oauth,
  });
  return { dialect, ...apis };
}

export {
  ampecoProbeKit,
  PLATFORM_FIELD_NAMES,
  readNotification,
  type DialectName,
  type KnownEndpointName,
} from "./dialects";
