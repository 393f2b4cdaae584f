import "server-only";
import { AccessDeniedError, PASSKEY_SESSION_REQUIRED } from "@/lib/core/auth/access-denied";
import { ExpectedError } from "@/lib/core/errors";
import { RouteError } from "@/lib/core/route-handlers/route-error";
import {
  PlatformError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";

/**
 * Why a staff read or change was refused, as the code its audit entry keeps (issue 33, R4-5): the caller's standing,
 * the input, a feature's own code or the platform's answer. The codes: docs/design-notes.md#libcoreaudit-reasonts.
 */
export function auditReasonOf(error: unknown): string {
  if (error instanceof AccessDeniedError) {
    if (error.status === 401) return "signed-out";
    return error.message === PASSKEY_SESSION_REQUIRED ? "passkey-required" : "role-required";
  }
  if (error instanceof RouteError) return error.status === 404 ? "not-found" : "invalid-input";
  if (error instanceof ExpectedError) return error.code;
  if (error instanceof PlatformValidationError) return "invalid-input";
  if (error instanceof PlatformNotFoundError) return "not-found";
  if (error instanceof PlatformRateLimitedError) return "rate-limited";
  if (error instanceof PlatformUnavailableError) return "platform-unavailable";
  if (error instanceof PlatformError) return "platform-error";
  return "error";
}
