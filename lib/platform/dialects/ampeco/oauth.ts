import "server-only";
import { z } from "zod";
import { PlatformUnauthorizedError, PlatformUnavailableError, PlatformResponseError } from "../../errors";
import type { BearerTokenSource } from "../../request";

/**
 * OAuth2 client credentials: one cached token, one fetch in flight shared by concurrent calls. Neither the secret nor a
 * token ever goes into an error or a log.
 */
export const OAUTH_TOKEN_PATH = "/public-api/oauth/token";
/** Renew this long before the announced expiry, so a token never dies mid-request. */
export const TOKEN_RENEW_MARGIN_MS = 60_000;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
});

export interface OAuthTokenSourceOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export function createOAuthTokenSource(options: OAuthTokenSourceOptions): BearerTokenSource {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const base = new URL(options.baseUrl);
    const url = new URL(base.pathname.replace(/\/+$/, "") + OAUTH_TOKEN_PATH, base);
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: body.toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new PlatformUnavailableError("oauth.token", "network", {
        cause: cause instanceof Error ? new Error(cause.name) : undefined,
      });
    }
    const text = await response.text();
    if (response.status === 400 || response.status === 401)
      throw new PlatformUnauthorizedError("oauth.token", "the OAuth client credentials were refused");
    if (response.status >= 500)
      throw new PlatformUnavailableError("oauth.token", "server", { status: response.status });
    let parsed: z.infer<typeof TokenResponse> | undefined;
    try {
      const result = TokenResponse.safeParse(JSON.parse(text));
      parsed = result.success ? result.data : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.status !== 200 || !parsed)
      throw new PlatformResponseError("oauth.token", "no usable token in the answer", { status: response.status });
    const lifetimeMs = (parsed.expires_in ?? 3600) * 1000;
    cached = {
      token: parsed.access_token,
      renewAt: now() + Math.max(lifetimeMs / 2, lifetimeMs - TOKEN_RENEW_MARGIN_MS),
    };
    return parsed.access_token;
  }

  return {
    token() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate(token: string) {
      if (cached?.token === token) cached = null;
    },
  };
}
