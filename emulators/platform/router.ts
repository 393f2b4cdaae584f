import type { RateLimiter } from "./auth-rate-limit";
import type { FaultInjector } from "./faults";
import type { EmulatorSettings } from "./settings";
import { HttpError } from "./http";
import type { EmulatorState } from "./store";

/** Table-driven routing: a path that matches with another method is a 405, no match a 404. */
export interface ResolvedOptions {
  dialect: "contract" | "ampeco";
  apiKey: string;
  readOnlyKey: string;
  stateFile: string | undefined;
  voucherDelayMs: number;
  rateLimit: { limit: number; windowMs: number };
  seedLocations: boolean;
  /** Where a browser reaches this emulator, for the links it hands out; unset: the request's origin. */
  downloadOrigin: string | undefined;
  now: () => Date;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
  /** Top-level keys of a JSON request body (no values). */
  bodyKeys?: string[];
}

export interface DeliveryLogEntry {
  subscriptionId: number;
  kind: string;
  attempt: number;
  /** HTTP status of the answer, or 0 when the receiver could not be reached. */
  status: number;
  at: string;
}

/** What the runtime and the control routes use of ampeco/oauth.ts's issuer: declared here, so routes import no dialect. */
export interface TokenIssuerControl {
  /** How many tokens were handed out since the last reset. */
  readonly issued: number;
  expireAll(): void;
  reset(): void;
}

/** What the runtime and the control routes use of ampeco/webhooks.ts's dispatcher (same reason). */
export interface CallbackDispatcherControl {
  readonly deliveries: readonly DeliveryLogEntry[];
  rebase(): void;
  observe(cause?: "request" | "tick"): { kind: string }[];
  settled(): Promise<void>;
  stop(): void;
}

export interface EmulatorRuntime {
  faults: FaultInjector;
  /** Set when the emulator has an OAuth client (ampeco dialect). */
  oauth: TokenIssuerControl | null;
  rateLimiter: RateLimiter;
  requestLog: RequestLogEntry[];
  /** Notification callbacks (ampeco dialect only). */
  webhooks: CallbackDispatcherControl | null;
  /** The strictness settings in force (./settings.ts). */
  settings: EmulatorSettings;
  resetToSeed(): void;
}

export interface RouteContext {
  request: Request;
  url: URL;
  /** Captured path segments, in pattern order. */
  params: string[];
  state: EmulatorState;
  /** One clock reading per request, so a response is internally consistent. */
  now: Date;
  options: ResolvedOptions;
  runtime: EmulatorRuntime;
}

export type RouteHandler = (ctx: RouteContext) => Response | Promise<Response>;

export interface Route {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  pattern: RegExp;
  handler: RouteHandler;
}

export type RouteMatch = { route: Route; params: string[] };

export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  // Tolerate one trailing slash, as Laravel does.
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method === method) return { route, params: match.slice(1).map((p) => p ?? "") };
    allowed.push(route.method);
  }
  const routeName = path.replace(/^\//, "");
  if (allowed.length > 0) {
    const unique = [...new Set(allowed)];
    throw new HttpError(
      405,
      `The ${method} method is not supported for route ${routeName}. Supported methods: ${unique.join(", ")}.`,
      undefined,
      { allow: unique.join(", ") },
    );
  }
  throw new HttpError(404, `The route ${routeName} could not be found.`);
}
