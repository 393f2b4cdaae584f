import { NextResponse, type NextRequest } from "next/server";
import { isPagePath } from "@/lib/core/auth/page-routes";
import { isOwnReturnUrl } from "@/lib/core/auth/return-path";
import { isSecureOrigin, sessionTokenFrom } from "@/lib/core/auth/session-policy";
import { getConfig } from "@/lib/core/config";
import { earlyTranslator } from "@/lib/core/i18n/early-words";
import { refusedActionBody } from "@/lib/core/security/action-body";
import { isLoopbackHost } from "@/lib/core/security/demo-host";
import { securityHeaders, tileOriginOf } from "@/lib/core/security/headers";

/**
 * Two jobs, on every request except static assets, router prefetches included:
 * 1. Security headers, with a fresh script nonce per request (Next applies it to its own scripts),
 *    a 403 for server actions posted from another origin, and in demo mode a 403 for any Host that
 *    is not a loopback name (DNS rebinding).
 * 2. The first layer of protection, deny by default: a request without an Auth.js session cookie
 *    reaches only the public paths listed below; any other page (lib/core/auth/page-routes.ts) redirects
 *    to sign-in, any other route handler answers 401, and an address that is neither gets the 404 page. It cannot tell whether the cookie is valid (sessions live in the
 *    database), so every layout, page, action and route handler checks again.
 * Next 16 names this convention "proxy"; the product card asks for middleware.ts, which Next 16 still runs.
 */
/**
 * Pages open to signed-out visitors (the demo mailbox exists only in demo mode: its page says 404 otherwise;
 * the app-password link page only in the ampeco dialect).
 */
const PUBLIC_PAGES = [
  "/signin",
  "/signup",
  "/check-your-email",
  "/account-not-linked",
  "/dev/mailbox",
  "/app-password/set",
  // A charge point's page: the QR code printed on it opens it, signed in or not (issue 38).
  "/charge",
];
/**
 * The platform's notification callbacks: posted server to server, without a session or an Origin;
 * their X-Signature over the body is their authority (lib/features/live/receive-callback.ts).
 */
const PLATFORM_CALLBACKS = ["/api/platform/callbacks"];
/**
 * Route handlers open to signed-out callers: Auth.js itself, the health checks and probes, the metrics (which check
 * their own callers), the demo bridge (loopback only), passkey sign-in, the platform's signed callbacks.
 */
const PUBLIC_APIS = [
  "/api/auth",
  "/api/health",
  "/api/metrics",
  "/api/emulator",
  "/api/passkeys/sign-in",
  ...PLATFORM_CALLBACKS,
];
/** The app's metadata files (Next serves them as routes). */
const METADATA_FILES = /^\/(icon|apple-icon|favicon)(\.\w+)?$|^\/(robots\.txt|sitemap\.xml|manifest\.webmanifest)$/;
/** The map and its data: public unless MAP_PUBLIC=false (then signed-out visitors go to sign-in). */
const MAP_PATHS = ["/map", "/api/map"];

function isPublic(pathname: string, mapPublic: boolean): boolean {
  return (
    pathname === "/" ||
    METADATA_FILES.test(pathname) ||
    isUnder(pathname, PUBLIC_PAGES) ||
    isUnder(pathname, PUBLIC_APIS) ||
    (mapPublic && isUnder(pathname, MAP_PATHS))
  );
}

function isUnder(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Whether a request comes from a page of this portal: its Origin header names the portal's origin,
 * scheme and port included. No Origin counts as foreign: browsers send one with every POST, so a
 * request without it is no form of ours (README, "Security notes").
 */
function isSameOrigin(request: NextRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  // The configured public URL when there is one; the host headers only outside production, which
  // refuses to start without AUTH_URL.
  const expected = publicUrl
    ? new URL(publicUrl).origin
    : `${request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(/:$/, "")}://${request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? request.nextUrl.host}`;
  try {
    return new URL(origin).origin === expected;
  } catch {
    return false;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Auth.js's own endpoints carry their own CSRF token (double-submit cookie) and take form posts.
const AUTH_JS_ENDPOINTS = ["/api/auth"];

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export async function middleware(request: NextRequest) {
  const config = getConfig();
  const nonce = btoa(crypto.randomUUID());
  const headers = securityHeaders({
    nonce,
    tileOrigin: tileOriginOf(config.map.tileUrl),
    development: config.env === "development",
    https: (config.auth.url ?? request.nextUrl.origin).startsWith("https:"),
  });

  const forwardedHost = request.headers.get("x-forwarded-host");
  if (
    config.demoMode &&
    (!isLoopbackHost(request.headers.get("host") ?? request.nextUrl.host) ||
      (forwardedHost !== null && !isLoopbackHost(forwardedHost)))
  ) {
    return withHeaders(
      NextResponse.json({ error: earlyTranslator(request)("access.demoLoopbackOnly") }, { status: 403 }),
      headers,
    );
  }

  const { pathname, search } = request.nextUrl;
  // Every write — server actions (with a Next-Action header, or a no-JS form post), route handlers,
  // the demo emulator bridge — must come from the portal's own pages (CSRF). Next refuses a foreign
  // server action too, but with a 500 and only when it carries an Origin; answer a clear 403 first.
  if (
    UNSAFE_METHODS.has(request.method) &&
    !isUnder(pathname, AUTH_JS_ENDPOINTS) &&
    !isUnder(pathname, PLATFORM_CALLBACKS) &&
    !isSameOrigin(request, config.auth.url)
  ) {
    return withHeaders(
      NextResponse.json({ error: earlyTranslator(request)("access.crossOrigin") }, { status: 403 }),
      headers,
    );
  }
  // A sign-in link whose return address was edited: the sign-in page says so (Auth.js would answer 500).
  const callbackUrl = isUnder(pathname, AUTH_JS_ENDPOINTS) ? request.nextUrl.searchParams.get("callbackUrl") : null;
  if (
    callbackUrl !== null &&
    !isOwnReturnUrl(callbackUrl, config.auth.url ? new URL(config.auth.url).origin : request.nextUrl.origin)
  ) {
    return withHeaders(
      NextResponse.redirect(new URL("/signin?error=EditedLink", config.auth.url ?? request.url)),
      headers,
    );
  }

  const secure = isSecureOrigin(config.auth.url, request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol);
  const hasSessionCookie = sessionTokenFrom(request.cookies, secure) !== null;
  if (!hasSessionCookie && !isPublic(pathname, config.map.public) && isUnder(pathname, ["/api"])) {
    return withHeaders(
      NextResponse.json({ error: earlyTranslator(request)("access.signInToContinue") }, { status: 401 }),
      headers,
    );
  }
  // An address that is no page gets the branded 404 (app/not-found.tsx), signed in or not.
  if (!hasSessionCookie && !isPublic(pathname, config.map.public) && isPagePath(pathname)) {
    const signIn = new URL("/signin", request.url);
    signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
    return withHeaders(NextResponse.redirect(signIn), headers);
  }
  // Pages take POSTs only as server actions (with a Next-Action header, or a no-JS form post).
  const malformed = request.method === "POST" && !isUnder(pathname, ["/api"]) ? await refusedActionBody(request) : null;
  if (malformed)
    return withHeaders(NextResponse.json({ error: malformed.error }, { status: malformed.status }), headers);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] as string);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers);
}

// Router prefetches are not left out: a request that says it is one is still a request (a POST with
// `Next-Router-Prefetch: 1` must meet the origin check). A prefetch is a GET, for which this
// function does no I/O: no database, no body read.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
