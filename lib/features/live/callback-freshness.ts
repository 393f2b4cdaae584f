import "server-only";
import { getConfig } from "@/lib/core/config";

/**
 * The freshness window on a callback's X-Timestamp (issue 33, R4-6): older than PLATFORM_CALLBACK_MAX_AGE_SECONDS, or
 * over a minute ahead, is refused. Why the window and the digests' 7 days: docs/design-notes.md#libfeatureslive.
 */
export const CALLBACK_CLOCK_SKEW_SECONDS = 60;

export type CallbackFreshness = "fresh" | "stale" | "unreadable";

/** No header: fresh (the window applies when the platform sends one). Unix seconds; a value in milliseconds is read too. */
export function callbackFreshness(
  header: string | null,
  now: Date,
  maxAgeSeconds: number = getConfig().platform.callbackMaxAgeSeconds,
): CallbackFreshness {
  if (header === null) return "fresh";
  const raw = header.trim();
  if (!/^\d{1,13}$/.test(raw)) return "unreadable";
  const value = Number(raw);
  const sentSeconds = value >= 1e12 ? value / 1000 : value;
  const ageSeconds = now.getTime() / 1000 - sentSeconds;
  return ageSeconds <= maxAgeSeconds && ageSeconds >= -CALLBACK_CLOCK_SKEW_SECONDS ? "fresh" : "stale";
}
