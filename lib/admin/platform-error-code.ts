import type { PlatformErrorCode } from "@/lib/platform/errors";

/**
 * The code of a platform error, read by shape rather than `instanceof`. The platform client is
 * cached process-wide and may have been created by another server bundle (a page rather than this
 * route handler), whose copies of the error classes are not the ones imported here.
 */
export function platformErrorCode(error: unknown): PlatformErrorCode | undefined {
  if (typeof error !== "object" || error === null || !("code" in error) || !("endpoint" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" ? (code as PlatformErrorCode) : undefined;
}
