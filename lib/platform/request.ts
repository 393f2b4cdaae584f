import "server-only";
import type { z } from "zod";
import { placeholdersOf, type EndpointName, type EndpointDefinition, type EndpointTable } from "./endpoint-table";
import {
  PlatformArgumentError,
  PlatformError,
  PlatformRateLimitedError,
  PlatformResponseError,
  PlatformUnavailableError,
  type UnavailableKind,
} from "./errors";
import { errorForStatus, parseErrorBody } from "./error-body";
import { defaultPlatformLogger, type PlatformCallOutcome, type PlatformLogger } from "./logging";
import { isSessionId } from "./platform-id";
import { observePlatformCall, observeRateLimitRemaining } from "@/lib/core/observability/metrics";
import { traced } from "@/lib/core/observability/tracing";
import { abortReason, currentPlatformSignal } from "./cancellation";

/**
 * The single way to talk to the platform: auth header, timeout, retries, typed errors,
 * zod-validated data and exactly one log line per call.
 */

/**
 * Where the bearer token comes from when it is not a fixed key (OAuth client credentials): the
 * current token, and a way to drop it after a 401 so the next `token()` fetches a fresh one.
 */
export interface BearerTokenSource {
  token(): Promise<string>;
  invalidate(token: string): void;
}

/** A response announced `Deprecation` and/or `Sunset` (values as sent, never a body). */
export interface DeprecationNotice {
  endpoint: EndpointName;
  path: string;
  deprecation: string | null;
  sunset: string | null;
}

export interface PlatformRequesterOptions {
  baseUrl: string;
  apiKey: string;
  /** Replaces `apiKey` when set (ampeco OAuth client credentials); a 401 then refetches once. */
  tokenSource?: BearerTokenSource;
  /** Called for every response carrying Deprecation/Sunset headers. */
  onDeprecation?: (notice: DeprecationNotice) => void;
  fetch?: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  /** Longest single wait the client accepts before a retry; longer 429 waits fail at once. */
  retryCapMs: number;
  logger?: PlatformLogger;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Clock in epoch ms; used for durations and `X-RateLimit-Reset`. */
  now?: () => number;
  /** The dialect's table: the endpoints this requester may call. */
  endpoints: EndpointTable;
}

/** A call of endpoint `N`: a dialect's requester narrows `N` to its own endpoint names. */
export interface PlatformCall<N extends string = EndpointName> {
  endpoint: N;
  params?: Record<string, string | number>;
  /** A list repeats its key (`filter[purchaseType][]=a&filter[purchaseType][]=b`). */
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  /**
   * Absolute `links.next` URL of a previous page; replaces path and query. It must share the
   * base URL's origin, so the key is never sent to a host the platform merely named.
   */
  nextUrl?: string;
  /** Told the bearer token a successful call was made with (a subscription's signing key); never logged. */
  onBearer?: (token: string) => void;
}

export interface PlatformResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface PlatformRequester<N extends string = EndpointName> {
  readonly baseUrl: string;
  /** With a schema the body is parsed and validated; without one it is ignored (e.g. 202/204). */
  request<T>(call: PlatformCall<N> & { schema: z.ZodType<T> }): Promise<PlatformResponse<T>>;
  request(call: PlatformCall<N> & { schema?: undefined }): Promise<PlatformResponse<undefined>>;
}

const BASE_BACKOFF_MS = 200;

/** What one call saw, for its log line and metrics. */
interface CallRecord {
  status: number | null;
  attempts: number;
  rateLimited: number;
  issuePaths?: string[];
}

type AttemptResult =
  | { ok: true; response: Response; text: string }
  | { ok: false; kind: Exclude<UnavailableKind, "server">; cause: unknown };

function fillPath(
  endpoint: EndpointName,
  definition: EndpointDefinition,
  params: Record<string, string | number> = {},
): string {
  let path = definition.path;
  for (const name of placeholdersOf(definition.path)) {
    const value = params[name];
    const text = typeof value === "number" ? String(value) : value;
    if (definition.textParams?.includes(name)) {
      // A string id still names one record only: the same rule as the portal's own paths.
      if (typeof value !== "string" || !isSessionId(value))
        throw new PlatformArgumentError(endpoint, `path parameter "${name}" is not a valid platform id`);
    } else if (
      // Ids are integers; refusing anything else keeps user input from steering the path.
      text === undefined ||
      !/^\d{1,15}$/.test(text) ||
      (typeof value === "number" && !Number.isSafeInteger(value))
    ) {
      throw new PlatformArgumentError(endpoint, `path parameter "${name}" must be a non-negative integer`);
    }
    path = path.replace(`{${name}}`, encodeURIComponent(text as string));
  }
  return path;
}

function buildUrl(baseUrl: string, endpoint: EndpointName, definition: EndpointDefinition, call: PlatformCall): URL {
  const base = new URL(baseUrl);
  if (call.nextUrl !== undefined) {
    let next: URL;
    try {
      next = new URL(call.nextUrl, base);
    } catch {
      throw new PlatformResponseError(endpoint, "the next-page link is not a URL");
    }
    // Never the link itself in the message: it carries the query (filters, maybe an e-mail).
    if (next.hostname.toLowerCase() !== base.hostname.toLowerCase())
      throw new PlatformResponseError(endpoint, "the next-page link points outside the platform origin");
    const basePath = base.pathname.replace(/\/+$/, "");
    if (!next.pathname.startsWith(`${basePath}/public-api/`))
      throw new PlatformResponseError(endpoint, "the next-page link points outside the platform's API");
    // Tenants write links with the scheme and port behind their proxy: only path and query are kept, so the key never
    // goes to another scheme or port than the configured one.
    return new URL(`${next.pathname}${next.search}`, base.origin);
  }
  const url = new URL(base.pathname.replace(/\/+$/, "") + fillPath(endpoint, definition, call.params), base);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Wait asked for by a 429: `Retry-After` (seconds or HTTP date), else `X-RateLimit-Reset`. */
function rateLimitWaitMs(headers: Headers, nowMs: number): number | null {
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = headers.get("x-ratelimit-reset")?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const value = Number(reset);
    // Epoch seconds per the facts file; a small number can only be a delta in seconds.
    return value > 1_000_000_000 ? Math.max(0, value * 1000 - nowMs) : value * 1000;
  }
  return null;
}

function issuePathsOf(error: z.ZodError): string[] {
  const paths = error.issues.map((issue) => (issue.path.length === 0 ? "(root)" : issue.path.map(String).join(".")));
  return [...new Set(paths)].slice(0, 20);
}

export function createPlatformRequester<N extends string = EndpointName>(
  options: PlatformRequesterOptions,
): PlatformRequester<N> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const logger = options.logger ?? defaultPlatformLogger;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const { endpoints } = options;
  const definitionOf = (endpoint: EndpointName): EndpointDefinition => {
    const definition = endpoints[endpoint];
    if (!definition) throw new PlatformArgumentError(endpoint, "not an endpoint of the configured platform dialect");
    return definition;
  };
  const { timeoutMs, maxRetries, retryCapMs } = options;
  new URL(options.baseUrl); // fail fast on a bad base URL

  /** Exponential backoff with equal jitter, capped, for 5xx/network retries and header-less 429s. */
  const backoffMs = (retry: number) => {
    const ceiling = Math.min(retryCapMs, BASE_BACKOFF_MS * 2 ** (retry - 1));
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  };

  async function attempt(url: URL, init: RequestInit, cancel: AbortSignal | undefined): Promise<AttemptResult> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    // A cancelled download aborts the call in flight (lib/platform/cancellation.ts).
    const onCancel = () => controller.abort();
    cancel?.addEventListener("abort", onCancel, { once: true });
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      // The body is read under the same timer: a stalled body is a timeout too.
      const text = await response.text();
      return { ok: true, response, text };
    } catch (cause) {
      if (cancel?.aborted) throw abortReason(cancel);
      return { ok: false, kind: timedOut ? "timeout" : "network", cause };
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener("abort", onCancel);
    }
  }

  async function send(call: PlatformCall & { schema?: z.ZodType<unknown> }, log: CallRecord) {
    const { endpoint } = call;
    const definition = definitionOf(endpoint);
    const url = buildUrl(options.baseUrl, endpoint, definition, call);
    const hasBody = call.body !== undefined;
    const bearer = () => (options.tokenSource ? options.tokenSource.token() : Promise.resolve(options.apiKey));
    let refetchedToken = false;

    const cancel = currentPlatformSignal();
    for (let attemptNo = 1; ; attemptNo++) {
      // Cancelled before this attempt (or during a retry's wait): nothing more is sent.
      if (cancel?.aborted) throw abortReason(cancel);
      log.attempts = attemptNo;
      log.status = null;
      const canRetry = attemptNo <= maxRetries;
      const token = await bearer();
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json" };
      if (hasBody) headers["Content-Type"] = "application/json";
      // Redirects are not followed: a redirect could carry the Authorization header elsewhere.
      const init: RequestInit = {
        method: definition.method,
        headers,
        body: hasBody ? JSON.stringify(call.body) : undefined,
        redirect: "manual",
      };
      const result = await attempt(url, init, cancel);

      if (!result.ok) {
        if (definition.idempotent && canRetry) {
          await sleep(backoffMs(attemptNo));
          continue;
        }
        throw new PlatformUnavailableError(endpoint, result.kind, {
          cause: result.cause,
          timeoutMs: result.kind === "timeout" ? timeoutMs : undefined,
        });
      }

      const { response, text } = result;
      const status = response.status;
      log.status = status;
      observeRateLimitRemaining(response.headers.get("x-ratelimit-remaining"));
      noticeDeprecation(endpoint, definition, response.headers);

      // An OAuth token can expire before its announced lifetime: one fresh token, one more try.
      // The request was not processed (401), so this is safe even for a POST.
      if (status === 401 && options.tokenSource && !refetchedToken) {
        refetchedToken = true;
        options.tokenSource.invalidate(token);
        continue;
      }

      if (status === 429) {
        log.rateLimited += 1;
        // A rate-limited request was not processed, so even a POST may be sent again.
        const asked = rateLimitWaitMs(response.headers, now());
        const waitMs = asked ?? backoffMs(attemptNo);
        if (!canRetry || waitMs > retryCapMs) {
          const retryAfterSeconds = asked === null ? null : Math.ceil(asked / 1000);
          throw new PlatformRateLimitedError(endpoint, retryAfterSeconds, parseErrorBody(text).message);
        }
        await sleep(waitMs);
        continue;
      }

      if (status >= 500) {
        if (definition.idempotent && canRetry) {
          await sleep(backoffMs(attemptNo));
          continue;
        }
        throw new PlatformUnavailableError(endpoint, "server", { status });
      }

      if (status < 200 || status > 299) throw errorForStatus(endpoint, definition, status, text);
      call.onBearer?.(token);

      if (!call.schema) return { status, data: undefined, headers: response.headers };
      if (status === 204 || text.trim() === "") throw new PlatformResponseError(endpoint, "empty body", { status });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new PlatformResponseError(endpoint, "body is not valid JSON", { status });
      }
      const parsed = call.schema.safeParse(json);
      if (!parsed.success) {
        log.issuePaths = issuePathsOf(parsed.error);
        throw new PlatformResponseError(endpoint, "body does not match the expected shape", {
          status,
          issuePaths: log.issuePaths,
        });
      }
      return { status, data: parsed.data, headers: response.headers };
    }
  }

  function noticeDeprecation(endpoint: EndpointName, definition: EndpointDefinition, headers: Headers) {
    const deprecation = headers.get("deprecation");
    const sunset = headers.get("sunset");
    if ((deprecation === null && sunset === null) || !options.onDeprecation) return;
    try {
      options.onDeprecation({ endpoint, path: definition.path, deprecation, sunset });
    } catch {
      /* a failing observer must not fail the call */
    }
  }

  async function request(call: PlatformCall & { schema?: z.ZodType<unknown> }): Promise<PlatformResponse<unknown>> {
    const definition = endpoints[call.endpoint];
    const method = definition?.method ?? "GET";
    // The span names the endpoint and the path template, never ids, queries or bodies.
    return traced(
      `platform ${call.endpoint}`,
      { "platform.endpoint": call.endpoint, "http.request.method": method },
      async (span) => {
        const started = now();
        const log: CallRecord = { status: null, attempts: 0, rateLimited: 0 };
        let outcome: PlatformCallOutcome = "ok";
        try {
          return await send(call, log);
        } catch (error) {
          if (currentPlatformSignal()?.aborted) outcome = "cancelled";
          else if (error instanceof PlatformUnavailableError) outcome = error.kind;
          else if (error instanceof PlatformError) outcome = error.code as PlatformCallOutcome;
          else outcome = "bad_response";
          throw error;
        } finally {
          const durationMs = Math.max(0, now() - started);
          span.set("platform.outcome", outcome);
          if (log.status !== null) span.set("http.response.status_code", log.status);
          // A failing logger or metric must not turn a finished call into an error.
          try {
            observePlatformCall(
              call.endpoint,
              outcome,
              durationMs / 1000,
              Math.max(0, log.attempts - 1),
              log.rateLimited,
            );
            logger({
              endpoint: call.endpoint,
              method,
              path: definition?.path ?? "(not in this dialect)",
              status: log.status,
              outcome,
              durationMs: Math.round(durationMs),
              attempts: log.attempts,
              ...(log.issuePaths ? { issuePaths: log.issuePaths } : {}),
            });
          } catch {
            /* ignore */
          }
        }
      },
    );
  }

  return { baseUrl: options.baseUrl, request: request as PlatformRequester<N>["request"] };
}
