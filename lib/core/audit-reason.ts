import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import {
  PlatformError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";

/** The guards' and the route helper's refusals name their own reason: this module sits below both (the core floors). */
function hasAuditReason(error: unknown): error is Error & { auditReason: string } {
  return error instanceof Error && typeof (error as { auditReason?: unknown }).auditReason === "string";
}

/**
 * Why a staff read or change was refused, as the code its audit entry keeps (issue 33, R4-5): the caller's standing,
 * the input, a feature's own code or the platform's answer. The codes: docs/design-notes.md#libcoreaudit-reasonts.
 */
export function auditReasonOf(error: unknown): string {
  if (hasAuditReason(error)) return error.auditReason;
  if (error instanceof ExpectedError) return error.code;
  if (error instanceof PlatformValidationError) return "invalid-input";
  if (error instanceof PlatformNotFoundError) return "not-found";
  if (error instanceof PlatformRateLimitedError) return "rate-limited";
  if (error instanceof PlatformUnavailableError) return "platform-unavailable";
  if (error instanceof PlatformError) return "platform-error";
  return "error";
}
