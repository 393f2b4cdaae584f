import { NextResponse, type NextRequest } from "next/server";
import { isSecureOrigin, sessionTokenFrom } from "@/lib/auth/session-policy";
import { getConfig } from "@/lib/config";
import { securityHeaders, tileOriginOf } from "@/lib/security-headers";

/**
 * Two jobs, on every request except static assets:
 * 1. Security headers, with a fresh script nonce per request (Next applies it to its own scripts),
 *    and a 403 for server actions posted from another origin.
 * 2. The first layer of protection: a request without an Auth.js session cookie never reaches a
 *    driver or admin page or a private route handler. It cannot tell whether the cookie is valid
 *    (sessions live in the database), so every layout, page, action and route handler checks again.
 * Next 16 names this convention "proxy"; the product card asks for middleware.ts, which Next 16 still runs.
 */
const PROTECTED_PAGES = ["/account", "/cards", "/sessions", "/vouchers", "/admin"];
const PROTECTED_APIS = ["/api/sessions", "/api/account", "/api/admin"];

function isUnder(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function isSameOrigin(request: NextRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  // The configured public URL when there is one; the host headers only where the config allows
  // them (outside production, or AUTH_TRUST_HOST behind a proxy that sets them).
  const host = publicUrl ? new URL(publicUrl).host : (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function middleware(request: NextRequest) {
  const config = getConfig();
  const nonce = btoa(crypto.randomUUID());
  const headers = securityHeaders({
    nonce,
    tileOrigin: tileOriginOf(config.map.tileUrl),
    development: config.env === "development",
    https: (config.auth.url ?? request.nextUrl.origin).startsWith("https:"),
  });

  // Server actions are POSTs with a Next-Action header; one from a foreign origin is a forged form
  // post (CSRF). Next refuses it too, but with a 500; answer a clear 403 before it gets that far.
  if (request.method === "POST" && request.headers.has("next-action") && !isSameOrigin(request, config.auth.url)) {
    return withHeaders(NextResponse.json({ error: "Cross-origin form posts are not allowed." }, { status: 403 }), headers);
  }

  const { pathname, search } = request.nextUrl;
  const secure = isSecureOrigin(config.auth.url, request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol);
  const hasSessionCookie = sessionTokenFrom(request.cookies, secure) !== null;
  if (!hasSessionCookie && isUnder(pathname, PROTECTED_APIS)) {
    return withHeaders(NextResponse.json({ error: "Sign in to continue." }, { status: 401 }), headers);
  }
  if (!hasSessionCookie && isUnder(pathname, PROTECTED_PAGES)) {
    const signIn = new URL("/signin", request.url);
    signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
    return withHeaders(NextResponse.redirect(signIn), headers);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] as string);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers);
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
