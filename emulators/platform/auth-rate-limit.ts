/**
 * Bearer-key access and the per-key fixed-window rate limit: `X-RateLimit-Limit`/`X-RateLimit-Remaining` on every
 * response, and on 429 what the header form says (`RateLimitHeaderForm`; Laravel's is `retry-after`).
 */
export type Access = "full" | "read-only" | "none";

export interface Caller {
  access: Access;
  /** Rate-limit bucket: the key itself, or one shared bucket for unauthenticated callers. */
  bucket: string;
}

export function identifyCaller(
  request: Request,
  keys: { apiKey: string; readOnlyKey: string; isIssuedToken?: (token: string) => boolean },
): Caller {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (token !== undefined && token === keys.apiKey) return { access: "full", bucket: `key:${token}` };
  if (token !== undefined && token === keys.readOnlyKey) return { access: "read-only", bucket: `key:${token}` };
  // OAuth tokens share one bucket: a client that fetches a new token keeps its rate-limit window.
  if (token !== undefined && keys.isIssuedToken?.(token)) return { access: "full", bucket: "oauth-client" };
  return { access: "none", bucket: "unauthenticated" };
}

export const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAtMs: number;
  nowMs: number;
}

interface Window {
  startMs: number;
  count: number;
}

/** Fixed window that opens on a bucket's first hit (Laravel's throttle behaves the same way). */
export class RateLimiter {
  private windows = new Map<string, Window>();

  constructor(
    private config: () => RateLimitConfig,
    private now: () => Date,
  ) {}

  hit(bucket: string): RateLimitResult {
    const { limit, windowMs } = this.config();
    const nowMs = this.now().getTime();
    let window = this.windows.get(bucket);
    if (!window || nowMs >= window.startMs + windowMs || nowMs < window.startMs) {
      window = { startMs: nowMs, count: 0 };
      this.windows.set(bucket, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetAtMs: window.startMs + windowMs,
      nowMs,
    };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** What a 429 carries besides limit and remaining (the `rateLimitHeaders` setting, settings.ts). */
export type RateLimitHeaderForm = "reset-epoch" | "retry-after" | "reset-seconds-left" | "none";

export function rateLimitHeaders(result: RateLimitResult, form: RateLimitHeaderForm): Record<string, string> {
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(result.limit),
    "x-ratelimit-remaining": String(result.remaining),
  };
  if (result.allowed) return headers;
  const secondsLeft = String(Math.max(1, Math.ceil((result.resetAtMs - result.nowMs) / 1000)));
  const epochSeconds = String(Math.ceil(result.resetAtMs / 1000));
  if (form === "retry-after") headers["retry-after"] = secondsLeft;
  if (form === "retry-after" || form === "reset-epoch") headers["x-ratelimit-reset"] = epochSeconds;
  if (form === "reset-seconds-left") headers["x-ratelimit-reset"] = secondsLeft;
  return headers;
}
