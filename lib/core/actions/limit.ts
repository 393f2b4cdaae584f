import "server-only";
import { consumeRateLimit, type RateLimitRule } from "@/lib/core/rate-limit";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";

/** Counts one attempt in the database (so it holds across instances); answers the refusal once used up, else null. */
export async function refusalOverLimit(
  bucket: string,
  subject: string,
  rule: RateLimitRule,
  words: (minutes: number) => string,
): Promise<{ status: "error"; message: string } | null> {
  const limit = await consumeRateLimit(bucket, subject, rule);
  if (limit.allowed) return null;
  return { status: "error", message: words(Math.ceil(limit.retryAfterSeconds / 60)) };
}

/** The same, counted per platform user: `tooMany` is the refusal's key, given `{minutes}`. */
export function refusalOverDriverLimit(
  bucket: string,
  driver: { platformUserId: number },
  rule: RateLimitRule,
  tooMany: MessageKey,
  t: Translator,
): Promise<{ status: "error"; message: string } | null> {
  return refusalOverLimit(bucket, `platform-user:${driver.platformUserId}`, rule, (minutes) => t(tooMany, { minutes }));
}
