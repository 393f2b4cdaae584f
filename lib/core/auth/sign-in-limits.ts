import "server-only";
import { consumeRateLimit, RATE_LIMITS, type RateLimitResult } from "@/lib/core/rate-limit";

export type SignInMailAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Where the request comes from: its per-client limit key, and whether its browser signed in to the address before. */
export interface SignInRequester {
  client: string;
  knownBrowser: boolean;
}

const refusal = (limit: RateLimitResult): SignInMailAllowance => ({
  allowed: false,
  retryAfterSeconds: limit.retryAfterSeconds,
});

/**
 * Counts one sign-in mail per client, then per address; a refused step counts no further (no row per address tried,
 * R4-8). A browser that signed in to the address before has a bucket of its own (R4-4; docs/design-notes.md).
 */
export async function consumeSignInMailLimits(email: string, requester: SignInRequester): Promise<SignInMailAllowance> {
  const perClient = await consumeRateLimit("signin-mail:client", requester.client, RATE_LIMITS.signInMailPerClient);
  if (!perClient.allowed) return refusal(perClient);
  const bucket = requester.knownBrowser ? "signin-mail:email-known-browser" : "signin-mail:email";
  const perEmail = await consumeRateLimit(bucket, email, RATE_LIMITS.signInMailPerEmail);
  return perEmail.allowed ? { allowed: true } : refusal(perEmail);
}
