import "server-only";

/** An endpoint in every dialect: method, path template, retry safety. Logs show the template, never an id. */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An endpoint's name in its dialect's table (`users.get`): a call, its error and its log line name one. */
export type EndpointName = string;

/** A status that means a refusal of its own on one endpoint only (a 406 on redemption): the typed error it maps to. */
export type SpecialStatus = "voucher-rejected" | "stop-rejected";

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path template relative to the base URL; `{name}` placeholders are integer path params unless in `textParams`. */
  path: string;
  /** Placeholders that carry a platform's string id (AMPECO's session id): checked with SESSION_ID_PATTERN instead. */
  textParams?: readonly string[];
  /**
   * True when a repeat after a 5xx, network error or timeout cannot change the outcome; only these are retried then.
   * 429 is retried for all: the platform did not process the request.
   */
  idempotent: boolean;
  /** Statuses this endpoint gives a meaning of their own; elsewhere they are unexpected. */
  statuses?: Readonly<Partial<Record<number, SpecialStatus>>>;
}

/** One dialect's table: the endpoints it has; calling one it lacks is a programming error. */
export type EndpointTable<N extends string = EndpointName> = Partial<Record<N, EndpointDefinition>>;

/** Paths a dialect lets configuration move (the contract's three unconfirmed ones), checked at start-up. */
export interface PathOverrides {
  /** Base path of the token (RFID card) resource; list/create use it, update uses `<base>/{id}`. */
  tokens?: string;
  /** Full template of the e-mail change endpoint; must contain `{id}`. */
  userEmail?: string;
  /** Full template of the password reset endpoint; must contain `{id}`. */
  passwordReset?: string;
}

/**
 * A resource's two reads, safe to retry: `<name>.list` at `path` and `<name>.get` at `path/{id}`; `textId` when the
 * resource's ids are strings (sessions).
 */
export function readsOf<N extends string>(
  name: N,
  path: string,
  options: { textId?: boolean } = {},
): Record<`${N}.list` | `${N}.get`, EndpointDefinition> {
  const list: EndpointDefinition = { method: "GET", path, idempotent: true };
  const get: EndpointDefinition = {
    method: "GET",
    path: `${path}/{id}`,
    idempotent: true,
    ...(options.textId ? { textParams: ["id"] } : {}),
  };
  return { [`${name}.list`]: list, [`${name}.get`]: get } as Record<`${N}.list` | `${N}.get`, EndpointDefinition>;
}

export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/** Raised at start-up for a bad path override: a configuration mistake, not a platform failure. */
export class PlatformConfigurationError extends Error {
  constructor(message: string) {
    super(`Invalid platform path override: ${message}`);
    this.name = "PlatformConfigurationError";
  }
}
