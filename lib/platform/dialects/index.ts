import "server-only";
import type { Dialect } from "../apis";
import { AMPECO_DIALECT } from "./ampeco";
import type { AmpecoEndpointName } from "./ampeco/endpoints";
import { CONTRACT_DIALECT } from "./contract";
import type { ContractEndpointName } from "./contract/endpoints";

/**
 * The registry of dialects: with `client.ts`, the only module that names one. A new dialect is a new folder that
 * builds a `Dialect`, plus one line here and in config.
 */
export const DIALECTS = { contract: CONTRACT_DIALECT, ampeco: AMPECO_DIALECT } as const satisfies Record<
  string,
  Dialect
>;
export type DialectName = keyof typeof DIALECTS;

/** Every dialect's endpoint names, for code that names a call outside a dialect (platform:check's probes). */
export type KnownEndpointName = ContractEndpointName | AmpecoEndpointName;

/**
 * Platform field names in 422 errors → the portal's form field names, over all dialects (their names do not collide,
 * and an error does not say which dialect raised it).
 */
export const PLATFORM_FIELD_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(DIALECTS).flatMap((dialect: Dialect) => Object.entries(dialect.fieldNames)),
);

/** AMPECO's raw wire for `platform:check`'s probes, which read pages and tokens past the APIs. */
export * as ampecoProbeKit from "./ampeco/probe-kit";

// Callbacks come from AMPECO only (the contract has none), read in its v2.0 form whichever dialect the client speaks.
export { readAmpecoNotification as readNotification } from "./ampeco/notifications";
