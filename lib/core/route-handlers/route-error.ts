import type { ZodType } from "zod";
import type { MessageKey } from "@/lib/core/i18n/translator";

/**
 * A deliberate answer in the user's words: 400 for a bad parameter, 404 for something missing or not the caller's, 409
 * for a download cancelled while it was made.
 */
export class RouteError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    /** A catalogue key: the route-handler helper puts it into the caller's language. */
    message: MessageKey,
    /** Per form field, for a form that sent its fields as the query (the expense pack's dialog). */
    readonly fields?: Record<string, string[]>,
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "RouteError";
  }

  /** Its code in the audit trail (lib/core/audit-reason.ts). */
  get auditReason(): string {
    if (this.status === 409) return "cancelled";
    return this.status === 404 ? "not-found" : "invalid-input";
  }
}

const UNAVAILABLE_BRAND = Symbol.for("driver-portal.upstream-unavailable-error");

/** An upstream other than the platform (the map data API) is out and nothing saved can stand in: 503 with Retry-After. */
export class UpstreamUnavailableError extends Error {
  // Services shared through globalThis are created by one of Next's server bundles, each with its own copy
  // of this class: the brand lets a route recognise the error whichever bundle threw it.
  readonly [UNAVAILABLE_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && UNAVAILABLE_BRAND in value;
  }

  constructor(
    /** For the logs, in English. */
    message: string,
    /** A catalogue key: what the caller reads, in their language. */
    readonly userMessage: MessageKey,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "UpstreamUnavailableError";
  }
}

/** Path params where a value that is no id reads like a record the caller may not see: the same 404. */
export function paramsOrNotFound<T>(schema: ZodType<T>, notFound: MessageKey) {
  return { schema, invalid: () => new RouteError(404, notFound) };
}

/** The record a read found, or a 404 in the caller's words (`notFound`) when it found none. */
export async function foundOrNotFound<T>(found: Promise<T | null>, notFound: MessageKey): Promise<T> {
  const value = await found;
  if (value === null) throw new RouteError(404, notFound);
  return value;
}
