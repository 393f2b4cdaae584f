import {
  ampecoRoutes,
  EXPORT_FILE_PREFIX,
  exportFileRoutes,
  INVOICE_FILE_PREFIX,
  INVOICE_REDIRECT_PREFIX,
  invoiceFileRoutes,
  OAUTH_TOKEN_PATH,
  OAuthIssuer,
  RECEIPT_FILE_PREFIX,
  receiptFileRoutes,
  settleCharging,
  upgradePaymentMethods,
  WebhookDispatcher,
  type OAuthClient,
} from "./ampeco";
import { identifyCaller, RateLimiter, rateLimitHeaders, WRITE_METHODS } from "./auth-rate-limit";
import { FaultInjector } from "./faults";
import { errorResponse, HttpError } from "./http";
import { matchRoute, type EmulatorRuntime, type RequestLogEntry, type ResolvedOptions, type Route } from "./router";
import { controlRoutes } from "./control";
import { locationRoutes } from "./contract/locations";
import { sessionRoutes } from "./contract/sessions";
import { tokenRoutes } from "./contract/tokens";
import { userRoutes } from "./contract/users";
import { settleCredits, voucherRoutes } from "./vouchers";
import { syncLedger, upgradeLedger } from "./ledger";
import { DEMO_DRIVER_ID } from "./seed-data";
import { createSeedState } from "./seed";
import { EmulatorSettingsSchema, resourceOfPath, type EmulatorSettings, type EmulatorSettingsInput } from "./settings";
import { loadState, saveState, type EmulatorState } from "./store";

/**
 * The stateful platform emulator: one Fetch-style `handle`, used in process by the portal and
 * served standalone through serveFetchHandler. It speaks one dialect over one store and seed:
 * `spec` follows shared/spec/platform-interface.md, with realism (error bodies, rate-limit headers,
 * pagination) from shared/reference/platform-real-api-facts.md; `ampeco` follows the real public
 * API (ampeco-openapi-subset.json), see ./ampeco.
 */
export {
  DEMO_DRIVER_EMAIL,
  DEMO_DRIVER_ID,
  FIRST_CREATED_TOKEN_ID,
  FIRST_CREATED_USER_ID,
  NEW_DRIVER_EMAIL,
  NEW_DRIVER_ID,
  SECOND_DRIVER_EMAIL,
  SECOND_DRIVER_ID,
  SEED_LOCATIONS,
  SEED_TOKENS,
  SEED_USERS,
  SEED_VOUCHERS,
  UNASSIGNED_TAG_UIDS,
} from "./seed-data";
export { FIRST_SESSION_ID, RUNNING_POWER_W, RUNNING_SESSION_AGE_MS } from "./seed";
export { VOUCHER_REJECTED } from "./vouchers";
export { EXPORT_LINK_TTL_MS, INVOICE_LINK_TTL_MS } from "./ampeco";
export { balanceEffectCents, FIRST_INVOICE_ID, FIRST_TRANSACTION_ID } from "./ledger";
export { SENT_NOTIFICATION_KINDS } from "./store";
export { EmulatorSettingsSchema, SESSION_ORDERS, type EmulatorSettings, type EmulatorSettingsInput } from "./settings";

export type EmulatorDialect = "contract" | "ampeco";

export interface PlatformEmulatorOptions {
  /** Default `contract`. */
  dialect?: EmulatorDialect;
  /** ampeco only: enables `POST /public-api/oauth/token` for this client. */
  oauthClient?: OAuthClient;
  /** Lifetime of an issued OAuth token; default 3600 (the `oauthTokenTtlSeconds` setting changes it at run time). */
  oauthTokenTtlSeconds?: number;
  apiKey: string;
  readOnlyKey: string;
  stateFile?: string;
  voucherDelayMs?: number;
  rateLimit?: { limit: number; windowMs: number };
  seedLocations?: boolean;
  /**
   * ampeco: where a browser reaches this emulator, for the export links it hands out (the portal's
   * demo bridge when embedded). Default: the origin the request came to.
   */
  downloadOrigin?: string;
  /**
   * ampeco: how often running sessions are looked at for notification callbacks while someone is
   * subscribed (their energy follows the clock); default 5000, 0 only on a request.
   */
  notificationTickMs?: number;
  /** Strictness where AMPECO leaves room (./settings.ts); the defaults are the stricter reading. */
  settings?: EmulatorSettingsInput;
  now?: () => Date;
}

export interface PlatformEmulator {
  handle(request: Request): Promise<Response>;
  reset(): void;
  /** Stops the notification timer (ampeco); callbacks already sent still finish. */
  stop(): void;
}

const PLATFORM_PREFIX = "/public-api/";
/** What a tenant sends on an endpoint version it retires (a sunset setting; the date is an example). */
const SUNSET_HEADERS = { deprecation: "true", sunset: "Tue, 01 Dec 2026 00:00:00 GMT" };
const CONTROL_PREFIX = "/__emulator/";
const REQUEST_LOG_SIZE = 500;
const contractRoutes: Route[] = [...userRoutes, ...tokenRoutes, ...sessionRoutes, ...locationRoutes, ...voucherRoutes];

export function createPlatformEmulator(options: PlatformEmulatorOptions): PlatformEmulator {
  if (!options.apiKey || !options.readOnlyKey || options.apiKey === options.readOnlyKey) {
    throw new Error("createPlatformEmulator: apiKey and readOnlyKey must be set and differ");
  }
  const dialect = options.dialect ?? "contract";
  if (options.oauthClient && dialect !== "ampeco")
    throw new Error("createPlatformEmulator: OAuth client credentials need the ampeco dialect");
  const platformRoutes = dialect === "ampeco" ? ampecoRoutes : contractRoutes;
  const resolved: ResolvedOptions = {
    dialect,
    apiKey: options.apiKey,
    readOnlyKey: options.readOnlyKey,
    stateFile: options.stateFile,
    voucherDelayMs: options.voucherDelayMs ?? 1500,
    rateLimit: options.rateLimit ?? { limit: 6000, windowMs: 60_000 },
    seedLocations: options.seedLocations ?? false,
    downloadOrigin: options.downloadOrigin,
    now: options.now ?? (() => new Date()),
  };
  const now = resolved.now;

  let state: EmulatorState = (resolved.stateFile ? loadState(resolved.stateFile) : null) ?? createSeedState(now());
  upgradeLedger(state, now(), DEMO_DRIVER_ID);
  upgradePaymentMethods(state, now());
  const persist = () => {
    if (resolved.stateFile) saveState(resolved.stateFile, state);
  };
  persist();

  const faults = new FaultInjector(now);
  const madeSettings = () =>
    EmulatorSettingsSchema.parse({
      ...(options.oauthTokenTtlSeconds === undefined ? {} : { oauthTokenTtlSeconds: options.oauthTokenTtlSeconds }),
      ...options.settings,
    });
  const oauth = options.oauthClient
    ? new OAuthIssuer(options.oauthClient, () => runtime.settings.oauthTokenTtlSeconds, now)
    : null;
  const runtime: EmulatorRuntime = {
    faults,
    oauth,
    rateLimiter: new RateLimiter(
      () => faults.rateLimitOverride() ?? runtime.settings.rateLimit ?? resolved.rateLimit,
      now,
    ),
    requestLog: [],
    settings: madeSettings(),
    webhooks: null,
    resetToSeed: () => {
      state = createSeedState(now());
      runtime.webhooks?.rebase();
      faults.clear();
      runtime.settings = madeSettings();
      runtime.rateLimiter.reset();
      runtime.oauth?.reset();
      runtime.requestLog.length = 0;
      persist();
    },
  };

  if (dialect === "ampeco") {
    runtime.webhooks = new WebhookDispatcher({
      getState: () => state,
      getSettings: () => runtime.settings,
      now,
      settle: () => {
        if (settleStore(state, now(), runtime.settings)) persist();
      },
      tickMs: options.notificationTickMs ?? 5_000,
    });
    // A subscription in a state file from an earlier run starts the timer at once.
    runtime.webhooks.observe();
  }

  /** Routes a request and maps expected failures; mutations are persisted after a 2xx write. */
  async function dispatch(routes: readonly Route[], request: Request, url: URL): Promise<Response> {
    try {
      const { route, params } = matchRoute(routes, request.method, url.pathname);
      const response = await route.handler({ request, url, params, state, now: now(), options: resolved, runtime });
      if (request.method !== "GET" && response.status < 300) persist();
      return response;
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      console.error("[platform-emulator] unexpected error", error);
      return errorResponse(new HttpError(500, "Server Error"));
    }
  }

  async function handlePlatform(request: Request, url: URL): Promise<Response> {
    const caller = identifyCaller(request, { ...resolved, isIssuedToken: (token) => oauth?.isValid(token) ?? false });
    const limit = runtime.rateLimiter.hit(caller.bucket);
    // A server with a clock sends `Date` (RFC 9110); platform:check reads the skew from it.
    // The contract answers as Laravel does; AMPECO's tenants as the setting says (it documents "X-RateLimit-*" only).
    const form = dialect === "ampeco" ? runtime.settings.rateLimitHeaders : "retry-after";
    const finish = (response: Response) =>
      withHeaders(response, { ...rateLimitHeaders(limit, form), date: new Date(limit.nowMs).toUTCString() });
    if (!limit.allowed) return finish(errorResponse(new HttpError(429, "Too Many Attempts.")));

    const fault = await faults.before(request.method, url.pathname);
    if (fault.response) return finish(fault.response);

    let response: Response;
    if (oauth && url.pathname === OAUTH_TOKEN_PATH) {
      response = await oauth.handleTokenRequest(request);
    } else if (caller.access === "none") {
      response = errorResponse(new HttpError(401, "Unauthenticated."));
    } else if (
      (caller.access === "read-only" && WRITE_METHODS.has(request.method)) ||
      runtime.settings.forbiddenResources.includes(resourceOfPath(url.pathname) ?? "")
    ) {
      response = errorResponse(new HttpError(403, "This action is unauthorized."));
    } else {
      response = await dispatch(platformRoutes, request, url);
    }
    if (runtime.settings.sunsetPaths.some((source) => new RegExp(source).test(url.pathname)))
      response = withHeaders(response, SUNSET_HEADERS);
    return finish(fault.after ? await faults.after(fault.after, response) : response);
  }

  function log(request: Request, url: URL, status: number, bodyKeys: string[] | undefined) {
    const entry: RequestLogEntry = {
      method: request.method,
      path: url.pathname,
      query: url.search,
      status,
      at: now().toISOString(),
    };
    if (bodyKeys) entry.bodyKeys = bodyKeys;
    runtime.requestLog.push(entry);
    if (runtime.requestLog.length > REQUEST_LOG_SIZE)
      runtime.requestLog.splice(0, runtime.requestLog.length - REQUEST_LOG_SIZE);
  }

  return {
    async handle(request: Request): Promise<Response> {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return errorResponse(new HttpError(400, "Bad request URL."));
      }
      // Due voucher credits land before anything reads the state (also survives restarts).
      if (settleStore(state, now(), runtime.settings)) persist();

      if (url.pathname.startsWith(CONTROL_PREFIX)) {
        const response = await dispatch(controlRoutes, request, url);
        runtime.webhooks?.observe("request");
        return response;
      }
      // A signed export link is its own authority, like a storage URL: no key, no rate limit, not logged.
      if (dialect === "ampeco" && url.pathname.startsWith(EXPORT_FILE_PREFIX))
        return dispatch(exportFileRoutes, request, url);
      if (
        dialect === "ampeco" &&
        (url.pathname.startsWith(INVOICE_FILE_PREFIX) || url.pathname.startsWith(INVOICE_REDIRECT_PREFIX))
      )
        return dispatch(invoiceFileRoutes, request, url);
      if (dialect === "ampeco" && url.pathname.startsWith(RECEIPT_FILE_PREFIX))
        return dispatch(receiptFileRoutes, request, url);
      if (url.pathname.startsWith(PLATFORM_PREFIX)) {
        const bodyKeys = await jsonBodyKeys(request);
        const response = await handlePlatform(request, url);
        log(request, url, response.status, bodyKeys);
        runtime.webhooks?.observe("request");
        return response;
      }
      return errorResponse(new HttpError(404, `The route ${url.pathname.replace(/^\//, "")} could not be found.`));
    },
    reset: () => runtime.resetToSeed(),
    stop: () => runtime.webhooks?.stop(),
  };
}

/** Due voucher credits and charges started from the API, then the ledger lines of what changed since. */
function settleStore(state: EmulatorState, now: Date, settings: EmulatorSettings): boolean {
  const credited = settleCredits(state, now);
  const charged = settleCharging(state, now, settings);
  return syncLedger(state, now) || credited || charged;
}

/**
 * Top-level field names of a JSON body, never the values (passwords pass through here): enough for
 * tests to prove a client sends no field of the other dialect.
 */
async function jsonBodyKeys(request: Request): Promise<string[] | undefined> {
  if (request.method === "GET" || !/json/i.test(request.headers.get("content-type") ?? "")) return undefined;
  try {
    const parsed: unknown = JSON.parse(await request.clone().text());
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? Object.keys(parsed) : undefined;
  } catch {
    return undefined;
  }
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) {
    // A fault 429 carries its own Retry-After/remaining; the limiter must not overwrite them.
    if (!merged.has(name)) merged.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
