import "server-only";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/core/rate-limit";

export type SignInMailAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in mail against the per-address and the per-client limit. Every call counts, so
 * each request that may send a sign-in mail calls this exactly once, whichever way it came in.
 */
export async function consumeSignInMailLimits(email: string, client: string): Promise<SignInMailAllowance> {
  const [perEmail, perClient] = await Promise.all([
    consumeRateLimit("signin-mail:email", email, RATE_LIMITS.signInMailPerEmail),
    consumeRateLimit("signin-mail:client", client, RATE_LIMITS.signInMailPerClient),
  ]);
  if (perEmail.allowed && perClient.allowed) return { allowed: true };
  const waits = [perEmail, perClient].filter((limit) => !limit.allowed).map((limit) => limit.retryAfterSeconds);
  return { allowed: false, retryAfterSeconds: Math.max(...waits) };
}
