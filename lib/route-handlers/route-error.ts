import type { MessageKey } from "@/lib/i18n/translator";

/**
 * An answer a route handler gives on purpose, in the user's words: a bad query or path parameter
 * (400), something that is not there or not the caller's to see (404). Thrown from a handler's
 * access check or `run`; the route-handler helper turns it into `{error, fields?}` with this status.
 */
export class RouteError extends Error {
  constructor(
    readonly status: 400 | 404,
    /** A catalogue key: the route-handler helper puts it into the caller's language. */
    message: MessageKey,
    /** Per form field, for a form that sent its fields as the query (the expense pack's dialog). */
    readonly fields?: Record<string, string[]>,
    /** The key's arguments. */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "RouteError";
  }
}
