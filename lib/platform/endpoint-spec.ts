import "server-only";

/**
 * What an endpoint is, in every dialect: method, path template and retry safety. Each dialect's
 * table (dialects/<name>/endpoints.ts) lists its own; logs show the path *template*, never a
 * filled-in id.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface EndpointSpec {
  method: HttpMethod;
  /** Path template relative to the base URL; `{name}` placeholders are integer path params. */
  path: string;
  /**
   * True when repeating the request after a 5xx, network error or timeout cannot change the
   * outcome. Only such endpoints are retried on those failures; 429 is retried for all,
   * because the platform did not process a rate-limited request.
   */
  idempotent: boolean;
}

/** Names of the placeholders in a template, e.g. `["id"]`. */
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
