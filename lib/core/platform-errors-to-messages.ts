import "server-only";
import {
  PlatformError,
  PlatformRateLimitedError,
  PlatformUnavailableError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import { PLATFORM_FIELD_NAMES as FIELD_NAMES } from "@/lib/platform/client";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";

/** The platform's field errors under the form's field names (an action result's `fieldErrors`). */
export function platformFieldErrors(error: PlatformValidationError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    result[FIELD_NAMES[field] ?? field] = messages;
  }
  return result;
}

/** Whole seconds (at least 1) a rate-limited caller is asked to wait: what the words and `Retry-After` say. */
export function retryAfterSeconds(error: PlatformRateLimitedError): number {
  return Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30));
}

/** Words for an expected platform failure; `doing` completes "We could not … right now" (messages/GLOSSARY.md). */
export function platformErrorMessage(t: Translator, error: unknown, doing: MessageKey): string {
  if (error instanceof PlatformRateLimitedError) return t("platformErrors.busy", { seconds: retryAfterSeconds(error) });
  const words = { doing: t(doing) };
  if (error instanceof PlatformUnavailableError) return t("platformErrors.unavailable", words);
  if (error instanceof PlatformError) return t("platformErrors.failed", words);
  return t("platformErrors.unexpected", words);
}
