import "server-only";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import {
  PlatformError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
} from "@/lib/platform/errors";
import { platformErrorMessage, retryAfterSeconds } from "@/lib/core/platform-errors-to-messages";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { ExpectedError } from "@/lib/core/errors";
import { RouteError, UpstreamUnavailableError } from "./route-error";

/** The words a route handler gives its errors: catalogue keys. */
export interface ErrorWords {
  /** Completes "We could not … right now": an area's `doing.*` key ("account.doing.loadBalance"). */
  doing: MessageKey;
  /** The answer when the platform says the record is not there (404). */
  notFound?: MessageKey;
}

export interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
  /** How the failure is logged: refusals and bad input are the caller's, not the server's, and are not. */
  log: "none" | "warn" | "error";
  /** Field errors of a bad query (RouteError only). */
  fields?: Record<string, string[]>;
}

/**
 * The one table from an error to a route handler's status, so a failure reads the same everywhere. The table itself:
 * docs/design-notes.md#libcoreroute-handlerserror-answerts.
 */
export function answerForError(error: unknown, words: ErrorWords, t: Translator): ErrorAnswer {
  if (error instanceof RouteError) {
    const message = t(error.message as MessageKey, error.values);
    return { status: error.status, message, headers: {}, log: "none", fields: error.fields };
  }
  if (error instanceof ExpectedError) {
    const message = t(error.key, error.values);
    return { status: error.status, message, headers: {}, log: "none" };
  }
  if (error instanceof AccessDeniedError)
    return { status: error.status, message: t(error.message as MessageKey), headers: {}, log: "none" };
  if (error instanceof PlatformNotFoundError)
    return { status: 404, message: t(words.notFound ?? "access.notFound"), headers: {}, log: "none" };
  const platformWords = () => platformErrorMessage(t, error, words.doing);
  if (error instanceof PlatformRateLimitedError) {
    const headers = { "retry-after": String(retryAfterSeconds(error)) };
    return { status: 429, message: platformWords(), headers, log: "warn" };
  }
  if (error instanceof PlatformUnavailableError)
    return { status: 503, message: platformWords(), headers: {}, log: "warn" };
  if (error instanceof UpstreamUnavailableError) {
    const headers = { "retry-after": String(error.retryAfterSeconds) };
    return { status: 503, message: t(error.userMessage as MessageKey), headers, log: "warn" };
  }
  if (error instanceof PlatformError) return { status: 502, message: platformWords(), headers: {}, log: "error" };
  return { status: 500, message: platformWords(), headers: {}, log: "error" };
}
