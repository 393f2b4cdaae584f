import "server-only";
import { PlatformConfigurationError, readsOf, type EndpointDefinition, type PathOverrides } from "../../endpoint-table";
import type { PlatformRequester } from "../../request";

/**
 * The contract's (`spec` dialect's) endpoints, shared/spec/platform-interface.md. Three paths are
 * unconfirmed there, so configuration can move them (PathOverrides), checked here at start-up.
 */

const USERS = "/public-api/resources/users/v1.1";
const DEFAULT_TOKENS = "/public-api/resources/tokens/v1.0";
const DEFAULT_USER_EMAIL = "/public-api/resources/users/v1.0/{id}/email";
const DEFAULT_PASSWORD_RESET = "/public-api/resources/users/v1.0/{id}/password-reset";
const SESSIONS = "/public-api/resources/sessions/v1.0";
const LOCATIONS = "/public-api/resources/locations/v2.0";

function buildTable(tokens: string, userEmail: string, passwordReset: string) {
  return {
    // POST create: a replay after a lost response could create a second user.
    "users.create": { method: "POST", path: USERS, idempotent: false },
    "users.list": { method: "GET", path: USERS, idempotent: true },
    "users.get": { method: "GET", path: `${USERS}/{id}`, idempotent: true },
    // Partial update sets fields to given values; sending it twice leaves the same state.
    "users.update": { method: "PATCH", path: `${USERS}/{id}`, idempotent: true },
    // Not retried although a PATCH: a replay after a lost response can answer a misleading 422 or mail twice.
    "users.changeEmail": { method: "PATCH", path: userEmail, idempotent: false },
    // Each POST mails a reset link; a blind replay would mail twice.
    "users.startPasswordReset": { method: "POST", path: passwordReset, idempotent: false },
    // POST create: a replay could link the card twice or answer a confusing conflict.
    "tokens.create": { method: "POST", path: tokens, idempotent: false },
    "tokens.list": { method: "GET", path: tokens, idempotent: true },
    // Only ever used to set a status; setting the same status twice is harmless.
    "tokens.update": { method: "PATCH", path: `${tokens}/{id}`, idempotent: true },
    ...readsOf("sessions", SESSIONS, { textId: true }),
    ...readsOf("locations", LOCATIONS),
    // Money moves: a replay could redeem twice or report "already used" for the driver's own success.
    "vouchers.redeem": {
      method: "POST",
      path: "/public-api/actions/users/v2.0/{user}/redeem-voucher",
      idempotent: false,
      statuses: { 406: "voucher-rejected" },
    },
  } as const satisfies Record<string, EndpointDefinition>;
}

export type ContractEndpointName = keyof ReturnType<typeof buildTable>;
export type ContractEndpointTable = Record<ContractEndpointName, EndpointDefinition>;

/** The contract's requester: a call names one of its endpoints. */
export type ContractRequester = PlatformRequester<ContractEndpointName>;

function checkPath(name: string, value: string, placeholders: readonly string[]): string {
  const path = value.trim().replace(/\/+$/, "");
  if (!path.startsWith("/") || path.startsWith("//")) {
    throw new PlatformConfigurationError(`${name} must be a path starting with "/"`);
  }
  if (/[?#\s]|\/\.\.?(\/|$)/.test(path)) {
    throw new PlatformConfigurationError(
      `${name} must be a plain path without query, fragment, spaces or dot segments`,
    );
  }
  const found = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const stray = path.replace(/\{[^}]*\}/g, "");
  if (stray.includes("{") || stray.includes("}")) {
    throw new PlatformConfigurationError(`${name} has unbalanced braces`);
  }
  const expected = [...placeholders].sort().join(",");
  if ([...found].sort().join(",") !== expected) {
    throw new PlatformConfigurationError(
      placeholders.length === 0
        ? `${name} must not contain placeholders`
        : `${name} must contain exactly ${placeholders.map((p) => `{${p}}`).join(", ")}`,
    );
  }
  return path;
}

/** The endpoint table with the configured overrides applied and validated. */
export function buildEndpointTable(overrides: PathOverrides = {}): ContractEndpointTable {
  return buildTable(
    overrides.tokens === undefined ? DEFAULT_TOKENS : checkPath("tokens", overrides.tokens, []),
    overrides.userEmail === undefined ? DEFAULT_USER_EMAIL : checkPath("userEmail", overrides.userEmail, ["id"]),
    overrides.passwordReset === undefined
      ? DEFAULT_PASSWORD_RESET
      : checkPath("passwordReset", overrides.passwordReset, ["id"]),
  );
}

/** The contract's paths as published: the client's table when no dialect gives one. */
export const CONTRACT_ENDPOINTS: ContractEndpointTable = buildEndpointTable();
