import "server-only";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { refusedByLimit } from "./retry-words";

/**
 * Counts one attempt of an action against a limit (stored in the database, so it holds across
 * instances). Answers the refusal, in `words` given the wait ("5 minutes"), once the limit is used
 * up; null while attempts are left.
 */
export async function refusalOverLimit(
  bucket: string,
  subject: string,
  rule: RateLimitRule,
  words: (wait: string) => string,
): Promise<ReturnType<typeof refusedByLimit> | null> {
  const limit = await consumeRateLimit(bucket, subject, rule);
  return limit.allowed ? null : refusedByLimit(limit.retryAfterSeconds, words);
}
