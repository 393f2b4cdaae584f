import "server-only";

/** An endpoint in every dialect: method, path template, retry safety. Logs show the template, never an id. */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface EndpointSpec {
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
}

/**
 * A resource's two reads, safe to retry: `<name>.list` at `path` and `<name>.get` at `path/{id}`; `textId` when the
 * resource's ids are strings (sessions).
 */
export function readsOf<N extends string>(
  name: N,
  path: string,
  options: { textId?: boolean } = {},
): Record<`${N}.list` | `${N}.get`, EndpointSpec> {
  const list: EndpointSpec = { method: "GET", path, idempotent: true };
  const get: EndpointSpec = {
    method: "GET",
    path: `${path}/{id}`,
    idempotent: true,
    ...(options.textId ? { textParams: ["id"] } : {}),
  };
  return { [`${name}.list`]: list, [`${name}.get`]: get } as Record<`${N}.list` | `${N}.get`, EndpointSpec>;
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
