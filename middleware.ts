import { NextResponse, type NextRequest } from "next/server";

/**
 * First layer of protection only: a request without an Auth.js session cookie never reaches a
 * driver or admin page or a private route handler. It cannot tell whether the cookie is valid
 * (the session lives in the database), so every layout, page, action and route handler checks
 * again. Next 16 names this convention "proxy"; the product card asks for middleware.ts, which
 * Next 16 still runs.
 */
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export function middleware(request: NextRequest) {
  const hasSessionCookie = SESSION_COOKIES.some((name) => request.cookies.get(name)?.value);
  if (hasSessionCookie) return NextResponse.next();

  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ error: "Sign in to continue." }, { status: 401 });
  }
  const signIn = new URL("/signin", request.url);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: [
    "/account/:path*",
    "/cards/:path*",
    "/sessions/:path*",
    "/vouchers/:path*",
    "/admin/:path*",
    "/api/sessions/:path*",
    "/api/account/:path*",
    "/api/admin/:path*",
  ],
};
