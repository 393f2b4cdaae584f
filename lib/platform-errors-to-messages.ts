import "server-only";
import {
  PlatformError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import type { FieldErrors } from "@/lib/forms/action-result";

/** Platform request field names (snake_case) → the portal's form field names. */
const FIELD_NAMES: Record<string, string> = {
  first_name: "firstName",
  last_name: "lastName",
  post_code: "postCode",
  visualNumber: "visualNumber",
};

export function platformFieldErrors(error: PlatformValidationError): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    result[FIELD_NAMES[field] ?? field] = messages;
  }
  return result;
}

/**
 * Plain words for an expected platform failure; unexpected errors are logged by the caller and shown
 * as a generic message. `doing` completes "We could not … right now".
 */
export function platformErrorMessage(error: unknown, doing: string): string {
  if (error instanceof PlatformRateLimitedError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30));
    return `The charging service is busy. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  if (error instanceof PlatformUnavailableError) return `We could not ${doing} because the charging service did not answer. Nothing was lost; try again in a moment.`;
  if (error instanceof PlatformError) return `We could not ${doing} right now. Try again in a moment, or contact support if it keeps happening.`;
  return `Something went wrong while we tried to ${doing}. Try again in a moment.`;
}
