import "server-only";
import { ampecoProbeKit } from "@/lib/platform/client";
import type { PathOverrides } from "@/lib/platform/endpoint-table";
import { isPlatformError } from "@/lib/platform/errors";

/**
 * Raw HTTP: the check needs what the client hides (statuses, Sunset, rate limits). No key, token or body is printed.
 */
export interface CheckTarget {
  dialect: "contract" | "ampeco";
  baseUrl: string;
  apiKey: string;
  oauth?: { clientId: string; clientSecret: string };
  partnerId: number;
  userGroupId: number;
  /** PLATFORM_CURRENCY: checked against the tenant's base currency. */
  currency: string;
  /** The contract's moved paths (PLATFORM_PATH_*), as the portal uses them. */
  pathOverrides?: PathOverrides;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
  /** The portal's built-in emulator (no PLATFORM_BASE_URL): a check of the demo, not of a platform. */
  embedded?: boolean;
}

export interface Answer {
  method: string;
  path: string;
  /** null: no answer at all (network error, timeout). */
  status: number | null;
  headers: Headers;
  body: unknown;
  /** Why there was no answer, in words. */
  failure?: string;
}

export class CredentialsRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CredentialsRefused";
  }
}

export interface CheckHttp {
  call(method: string, path: string, options?: { query?: Record<string, string>; body?: unknown }): Promise<Answer>;
  /** Every answer so far, for the header checks. */
  answers: Answer[];
}

export function createCheckHttp(target: CheckTarget): CheckHttp {
  const answers: Answer[] = [];
  const tokens = target.oauth
    ? ampecoProbeKit.createOAuthTokenSource({
        baseUrl: target.baseUrl,
        ...target.oauth,
        fetch: target.fetch,
        now: target.now,
        timeoutMs: target.timeoutMs,
      })
    : null;

  async function bearer(): Promise<string> {
    if (!tokens) return target.apiKey;
    try {
      return await tokens.token();
    } catch (error) {
      if (isPlatformError(error) && error.code === "unauthorized")
        throw new CredentialsRefused("the OAuth client credentials were refused");
      throw error;
    }
  }

  return {
    answers,
    async call(method, path, options = {}) {
      const base = new URL(target.baseUrl);
      const url = new URL(base.pathname.replace(/\/+$/, "") + path, base);
      for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
      let answer: Answer;
      try {
        const headers: Record<string, string> = {
          accept: "application/json",
          authorization: `Bearer ${await bearer()}`,
        };
        if (options.body !== undefined) headers["content-type"] = "application/json";
        const response = await target.fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(target.timeoutMs),
        });
        const text = await response.text();
        let body: unknown = null;
        try {
          body = text === "" ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        answer = { method, path, status: response.status, headers: response.headers, body };
      } catch (error) {
        if (error instanceof CredentialsRefused) throw error;
        const reason =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
            ? `no answer within ${target.timeoutMs} ms`
            : `no connection (${causeOf(error)})`;
        answer = { method, path, status: null, headers: new Headers(), body: null, failure: reason };
      }
      answers.push(answer);
      return answer;
    },
  };
}

/** A network error's own code (ECONNREFUSED, ENOTFOUND…), never a stack. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message.slice(0, 120);
  if (error instanceof Error) return error.message.slice(0, 120);
  return "unknown error";
}
