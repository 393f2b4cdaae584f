import "server-only";
import type { DialectApis, DialectFactory } from "./apis";
import { createAmpecoDialect } from "./dialects/ampeco";
import { createSpecDialect } from "./dialects/spec";
import type { PathOverrides } from "./dialects/spec/endpoints";
import type { PlatformRequesterOptions } from "./request";

/** Entry point of the typed platform client; what differs per platform lives in dialects/<name>/. */

/** The registry of dialects: a new dialect is a new folder plus one line here and in config. */
export const DIALECTS = { spec: createSpecDialect, ampeco: createAmpecoDialect } as const satisfies Record<
  string,
  DialectFactory
>;
export type DialectName = keyof typeof DIALECTS;

export interface PlatformClientOptions extends Omit<PlatformRequesterOptions, "endpoints" | "tokenSource"> {
  /** Default `spec` (the interface contract). */
  dialect?: DialectName;
  /** Sent on user create. */
  partnerId: number;
  /** Sent on user create, so the driver lands in the right group. */
  userGroupId: number;
  /** spec only: the three paths the contract marks as unconfirmed; validated here, so a bad value fails at start-up. */
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
    dialect = "spec",
    partnerId,
    userGroupId,
    pathOverrides,
    currency = "EUR",
    timeZone = "Europe/Amsterdam",
    oauth,
    ...requesterOptions
  } = options;
  const apis = DIALECTS[dialect]({
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

export type { PathOverrides } from "./dialects/spec/endpoints";
export { PlatformConfigurationError } from "./endpoint-spec";
export type { EndpointName } from "./endpoints";
export * from "./errors";
export type { PlatformCallOutcome, PlatformLogLine, PlatformLogger } from "./logging";
export type { DeprecationNotice, PlatformRequesterOptions } from "./request";
export type * from "./types";
export { locationName } from "./location-name";
