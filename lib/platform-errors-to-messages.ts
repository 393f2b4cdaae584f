import "server-only";
import {
  PlatformError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import { PLATFORM_FIELD_NAMES as FIELD_NAMES } from "@/lib/platform/dialects";
import type { FieldErrors } from "@/lib/forms/action-result";

export function platformFieldErrors(error: PlatformValidationError): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    result[FIELD_NAMES[field] ?? field] = messages;
  }
  return result;
}

/** Whole seconds (at least 1) a rate-limited caller is asked to wait: what the words and `Retry-After` say. */
export function retryAfterSeconds(error: PlatformRateLimitedError): number {
  return Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30));
}

/**
 * Plain words for an expected platform failure; unexpected errors are logged by the caller and shown
 * as a generic message. `doing` completes "We could not … right now".
 */
export function platformErrorMessage(error: unknown, doing: string): string {
  if (error instanceof PlatformRateLimitedError) {
    const seconds = retryAfterSeconds(error);
    return `The charging service is busy. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  if (error instanceof PlatformUnavailableError)
    return `We could not ${doing} because the charging service did not answer. Nothing was lost; try again in a moment.`;
  if (error instanceof PlatformError)
    return `We could not ${doing} right now. Try again in a moment, or contact support if it keeps happening.`;
  return `Something went wrong while we tried to ${doing}. Try again in a moment.`;
}
