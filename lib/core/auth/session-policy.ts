/**
 * How long a portal session lives and what its cookie is called: one place for Auth.js (which
 * creates and deletes sessions), the viewer lookup (which reads them on every request) and the
 * middleware (which only checks that a cookie is present). Free of server-only imports on purpose:
 * the middleware imports it.
 */

/** A session ends 30 days after it was last renewed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** A session is renewed (its expiry moved out again) at most once a day: Auth.js's default. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** How often a session's device "last seen" time is moved on while it is in use. */
export const DEVICE_LAST_SEEN_EVERY_SECONDS = 5 * 60;

/**
 * Whether the portal's public origin is HTTPS, decided the way Auth.js decides it for its cookie
 * names: AUTH_URL when set, else the protocol the request came in with (`x-forwarded-proto`, which
 * Next sets on every request; Auth.js assumes https without it).
 */
export function isSecureOrigin(authUrl: string | null | undefined, forwardedProto: string | null | undefined): boolean {
  if (authUrl) return authUrl.startsWith("https:");
  const protocol = (forwardedProto ?? "https").split(",")[0]?.trim().replace(/:$/, "");
  return protocol === "https";
}

/** Auth.js's session cookie: `__Secure-` prefixed when the portal is served over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-authjs.session-token" : "authjs.session-token";
}

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/**
 * The session token a request carries: only the cookie Auth.js itself uses for this origin.
 * Over HTTPS the plain-named cookie is never read. Anyone who can set cookies without HTTPS (a
 * sibling subdomain, a network attacker on a plain-HTTP answer) could plant one with their own
 * session and sign a visitor in as themselves; and Auth.js's sign-out would not clear it.
 */
export function sessionTokenFrom(cookies: CookieReader, secure: boolean): string | null {
  return cookies.get(sessionCookieName(secure))?.value || null;
}
