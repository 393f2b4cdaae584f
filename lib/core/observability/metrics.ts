import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The instance's Prometheus metrics (/api/metrics, docs/operations.md), counted through the functions below. Labels are
 * route patterns, endpoint names and fixed words, never an id, an address or a raw path.
 */

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const dbPool = { read: null as null | (() => { inUse: number; idle: number; waiting: number }) };
  const counter = <L extends string = string>(name: string, help: string, labelNames?: readonly L[]) =>
    new Counter<L>({ name, help, ...(labelNames && { labelNames }), registers });
  const gauge = <L extends string = string>(name: string, help: string, labelNames?: readonly L[]) =>
    new Gauge<L>({ name, help, ...(labelNames && { labelNames }), registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Histogram<L>({ name, help, labelNames, buckets: DURATION_BUCKETS, registers });
  return {
    registry,
    dbPool,
    defaultsOn: false,
    httpRequests: counter("portal_http_requests_total", "HTTP requests answered, by route pattern, method and status", [
      "route",
      "method",
      "status",
    ]),
    httpInFlight: gauge(
      "portal_http_requests_in_flight",
      "Requests being answered now (a draining instance waits for them)",
    ),
    httpDuration: histogram(
      "portal_http_request_duration_seconds",
      "Time from a request's arrival to the end of its answer, by route pattern",
      ["route", "method"],
    ),
    platformCalls: counter(
      "portal_platform_calls_total",
      "Platform calls after retries, by endpoint name and outcome (ok or the error code)",
      ["endpoint", "outcome"],
    ),
    platformDuration: histogram(
      "portal_platform_call_duration_seconds",
      "Platform call time including retries and their waits, by endpoint name",
      ["endpoint"],
    ),
    platformRetries: counter(
      "portal_platform_retries_total",
      "Platform requests sent again (after a 429, a 5xx, a network error or an expired token)",
      ["endpoint"],
    ),
    platform429: counter("portal_platform_rate_limited_total", "Platform answers with status 429, by endpoint name", [
      "endpoint",
    ]),
    platformRemaining: gauge("portal_platform_ratelimit_remaining", "The X-RateLimit-Remaining the platform sent last"),
    deprecations: gauge(
      "portal_platform_deprecated_endpoint",
      "1 for each endpoint the platform answered with a Deprecation or Sunset header",
      ["endpoint"],
    ),
    sunsets: gauge(
      "portal_platform_sunset_timestamp_seconds",
      "The Sunset date an endpoint announced, in Unix seconds",
      ["endpoint"],
    ),
    callbacks: counter("portal_callbacks_total", "Platform callbacks received, by kind and outcome", [
      "kind",
      "outcome",
    ]),
    callbackLastTaken: gauge(
      "portal_callback_last_taken_timestamp_seconds",
      "When this instance last took a platform callback, in Unix seconds",
    ),
    streamsOpen: gauge("portal_live_streams_open", "Open live event streams"),
    streamsRefused: counter(
      "portal_live_streams_refused_total",
      "Live event streams refused over a cap, by cap (account or client)",
      ["over"],
    ),
    eventsDelivered: counter("portal_live_events_delivered_total", "Live events written to open streams"),
    busReconnects: counter(
      "portal_live_bus_reconnects_total",
      "LISTEN connections of the live bus made again after a loss",
    ),
    busCatchUps: counter("portal_live_bus_catchups_total", "Catch-ups of the live bus after a reconnect"),
    receipts: counter("portal_receipts_total", "Charge receipt mails, by outcome (sent or failed)", ["outcome"]),
    mails: counter("portal_mails_total", "Mails handed to SMTP or the outbox, by outcome (sent or failed)", [
      "outcome",
    ]),
    limitRefusals: counter("portal_rate_limit_refusals_total", "Requests refused by an abuse limit, by bucket", [
      "bucket",
    ]),
    ready: gauge(
      "portal_ready",
      "1 when the instance was ready at the last check (/api/health/ready or a scrape), else 0",
    ),
    dbPoolConnections: new Gauge({
      name: "portal_db_pool_connections",
      help: "Database pool connections by state (in_use, idle, waiting); absent on the embedded database",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const counts = dbPool.read?.();
        if (!counts) return;
        this.set({ state: "in_use" }, counts.inUse);
        this.set({ state: "idle" }, counts.idle);
        this.set({ state: "waiting" }, counts.waiting);
      },
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const holder = globalThis as unknown as { __driverPortalMetrics?: Metrics };
const metrics = (): Metrics => (holder.__driverPortalMetrics ??= createMetrics());

/** The text Prometheus scrapes; the Node process defaults are collected from the first scrape on. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  if (!m.defaultsOn) {
    m.defaultsOn = true;
    collectDefaultMetrics({ register: m.registry, prefix: "portal_" });
  }
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}

/** A request arrived (`observeHttpRequest` records its answer). */
export function observeHttpRequestStart(): void {
  metrics().httpInFlight.inc();
}

export function observeHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  m.httpInFlight.dec();
  m.httpRequests.inc({ route, method, status: String(status) });
  m.httpDuration.observe({ route, method }, seconds);
}

export function observePlatformCall(
  endpoint: string,
  outcome: string,
  seconds: number,
  retries: number,
  rateLimited: number,
): void {
  const m = metrics();
  m.platformCalls.inc({ endpoint, outcome });
  m.platformDuration.observe({ endpoint }, seconds);
  if (retries > 0) m.platformRetries.inc({ endpoint }, retries);
  if (rateLimited > 0) m.platform429.inc({ endpoint }, rateLimited);
}

/** The X-RateLimit-Remaining header of a platform answer, when it carries a number. */
export function observeRateLimitRemaining(header: string | null): void {
  const value = header === null ? NaN : Number(header.trim());
  if (header !== null && Number.isFinite(value)) metrics().platformRemaining.set(value);
}

export function observeDeprecation(endpoint: string, sunset: string | null): void {
  const m = metrics();
  m.deprecations.set({ endpoint }, 1);
  const at = sunset === null ? NaN : Date.parse(sunset);
  if (Number.isFinite(at)) m.sunsets.set({ endpoint }, Math.round(at / 1000));
}

export type CallbackOutcome =
  "taken" | "repeat" | "bad_signature" | "bad_body" | "stale" | "too_large" | "ignored" | "self_test";

export function countCallback(kind: string, outcome: CallbackOutcome): void {
  const m = metrics();
  m.callbacks.inc({ kind, outcome });
  if (outcome === "taken") m.callbackLastTaken.set(Date.now() / 1000);
}

/** A stream opened (+1) or closed (-1). */
export function countOpenStream(change: 1 | -1): void {
  metrics().streamsOpen.inc(change);
}

export function countRefusedStream(over: "account" | "client"): void {
  metrics().streamsRefused.inc({ over });
}

export function countDeliveredEvent(): void {
  metrics().eventsDelivered.inc();
}

export function countBus(what: "reconnect" | "catch-up"): void {
  const m = metrics();
  (what === "reconnect" ? m.busReconnects : m.busCatchUps).inc();
}

export function countReceipt(outcome: "sent" | "failed"): void {
  metrics().receipts.inc({ outcome });
}

export function countMail(outcome: "sent" | "failed"): void {
  metrics().mails.inc({ outcome });
}

export function countLimitRefusal(bucket: string): void {
  metrics().limitRefusals.inc({ bucket });
}

/** How the database pool is read at each scrape (set when the pool opens). */
export function observeDbPool(read: () => { inUse: number; idle: number; waiting: number }): void {
  metrics().dbPool.read = read;
}

export function observeReadiness(ready: boolean): void {
  metrics().ready.set(ready ? 1 : 0);
}
