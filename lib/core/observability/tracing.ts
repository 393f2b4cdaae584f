import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { hostname } from "node:os";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from "@opentelemetry/api";
import { getConfig } from "@/lib/core/config";
import { onShutdown } from "@/lib/core/shutdown";

/**
 * Traces: a span per request, a child per platform call, query and mail, exported over OTLP only with an endpoint set;
 * our provider is never registered globally (why: docs/design-notes.md#libcoreobservability).
 */

/** What a span's code may add while it runs (a no-op when tracing is off). */
export interface SpanNotes {
  set(key: string, value: string | number | boolean): void;
}

const NO_NOTES: SpanNotes = { set: () => undefined };

type TraceState = { tracer: Tracer | null };
const holder = globalThis as unknown as {
  __driverPortalTracing?: TraceState;
  __driverPortalSpanStore?: AsyncLocalStorage<Span>;
};
const spanStore = (holder.__driverPortalSpanStore ??= new AsyncLocalStorage<Span>());

const tracer = (): Tracer | null => holder.__driverPortalTracing?.tracer ?? null;

/**
 * Starts exporting when an OTLP endpoint is configured (instrumentation.ts, once per process); the SDK is loaded
 * only then. Without the setting nothing is loaded, and every helper below is one branch.
 */
export async function startTracing(): Promise<void> {
  if (holder.__driverPortalTracing) return;
  const state: TraceState = { tracer: null };
  holder.__driverPortalTracing = state;
  const { otlpEndpoint, serviceName } = getConfig().observability;
  if (!otlpEndpoint) return;
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": serviceName,
      "service.instance.id": `${hostname()}:${process.pid}`,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  // The spans still queued leave before the process does.
  onShutdown(() => provider.shutdown());
  state.tracer = provider.getTracer("driver-portal");
}

/** Whether spans are made (an OTLP endpoint is configured). */
export function tracingEnabled(): boolean {
  return tracer() !== null;
}

/** The trace id of the request being served, for log lines; undefined outside a traced request. */
export function currentTraceId(): string | undefined {
  return spanStore.getStore()?.spanContext().traceId;
}

/** A request's span, a root: the caller ends it with `endRequestSpan`. Null when tracing is off. */
export function startRequestSpan(method: string, route: string): Span | null {
  const t = tracer();
  if (!t) return null;
  return t.startSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "http.route": route } },
    ROOT_CONTEXT,
  );
}

export function endRequestSpan(span: Span, status: number): void {
  span.setAttribute("http.response.status_code", status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs `work` with `span` as the current one (the parent of the spans `traced` makes inside it). */
export function withSpan<T>(span: Span | null, work: () => T): T {
  return span ? spanStore.run(span, work) : work();
}

/**
 * Runs `work` in a child span of the current one; only inside a traced request (background work makes none).
 * `attributes` are names and fixed words, never personal data.
 */
export async function traced<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: (notes: SpanNotes) => Promise<T>,
): Promise<T> {
  const parent = spanStore.getStore();
  const t = parent ? tracer() : null;
  if (!parent || !t) return work(NO_NOTES);
  const span = t.startSpan(name, { kind: SpanKind.CLIENT, attributes }, trace.setSpan(ROOT_CONTEXT, parent));
  try {
    return await spanStore.run(span, () => work({ set: (key, value) => span.setAttribute(key, value) }));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
    throw error;
  } finally {
    span.end();
  }
}

type QueryMethod = (...args: unknown[]) => unknown;
const WRAPPED = Symbol.for("driver-portal.traced-query");

/**
 * Gives each `query` of a database client its span ("db query", the statement's first word only: no values), when
 * tracing is on and a request is traced; a callback or a submittable query passes as it is.
 */
export function traceQueries(target: { query: QueryMethod }, system: "postgresql" | "pglite"): void {
  const original = target.query as QueryMethod & { [WRAPPED]?: true };
  if (original[WRAPPED] || !tracingEnabled()) return;
  const wrapped = function tracedQuery(this: unknown, ...args: unknown[]) {
    const [statement] = args;
    const text = typeof statement === "string" ? statement : (statement as { text?: unknown } | null)?.text;
    if (!spanStore.getStore() || typeof args.at(-1) === "function" || typeof text !== "string")
      return original.apply(this, args);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "query";
    return traced("db query", { "db.system": system, "db.operation.name": operation }, () =>
      Promise.resolve(original.apply(this, args)),
    );
  } as QueryMethod & { [WRAPPED]?: true };
  wrapped[WRAPPED] = true;
  target.query = wrapped;
}
