import "server-only";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { observeHttpRequest, observeHttpRequestStart } from "./metrics";
import { endRequestSpan, startRequestSpan, withSpan } from "./tracing";

/**
 * Every request the server answers, counted and timed by its route pattern (`/api/admin/users/[id]/expense-pack`),
 * never its raw path, and wrapped in its span. The patterns come from the build's routes manifest.
 */

interface ManifestRoute {
  page: string;
  regex: string;
}
export interface RoutePattern {
  page: string;
  pattern: RegExp;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The route patterns of a routes manifest (`.next/routes-manifest.json`), static ones first. */
export function routePatternsOf(manifest: {
  staticRoutes?: ManifestRoute[];
  dynamicRoutes?: ManifestRoute[];
}): RoutePattern[] {
  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((route) => ({
    page: route.page,
    pattern: new RegExp(route.regex),
  }));
}

/** The label for a request path: its route pattern, `/_next` for Next's own files, or `(other)`. */
export function routeOf(rawUrl: string | undefined, routes: readonly RoutePattern[]): string {
  const pathname = (rawUrl ?? "/").split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/")) return "/_next";
  // A page's payload for the client router (`/cards.rsc`, `/cards.segments/…`) counts as the page.
  const page = pathname.replace(/\.(rsc|segments\/.*)$/, "") || "/";
  for (const route of routes) if (route.pattern.test(page)) return route.page;
  return "(other)";
}

function loadRoutes(): RoutePattern[] {
  try {
    const file = path.join(process.cwd(), ".next", "routes-manifest.json");
    return routePatternsOf(JSON.parse(readFileSync(file, "utf8")) as Parameters<typeof routePatternsOf>[0]);
  } catch {
    // `next dev` has no manifest yet: every request counts as (other).
    return [];
  }
}

const holder = globalThis as unknown as { __driverPortalHttpObserved?: boolean };

/** Wraps the HTTP server's request event once per process (instrumentation.ts). */
export function observeHttpServer(): void {
  if (holder.__driverPortalHttpObserved) return;
  holder.__driverPortalHttpObserved = true;
  const routes = loadRoutes();
  const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function emitObserved(this: http.Server, event: string, ...args: unknown[]) {
    const [request, response] = args as [http.IncomingMessage | undefined, http.ServerResponse | undefined];
    if (event !== "request" || !request || !response) return emit.call(this, event, ...args);
    const started = process.hrtime.bigint();
    const method = METHODS.has(request.method ?? "") ? (request.method as string) : "OTHER";
    const route = routeOf(request.url, routes);
    const span = startRequestSpan(method, route);
    observeHttpRequestStart();
    response.once("close", () => {
      const status = response.statusCode;
      observeHttpRequest(route, method, status, Number(process.hrtime.bigint() - started) / 1e9);
      if (span) endRequestSpan(span, status);
    });
    return withSpan(span, () => emit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;
}
