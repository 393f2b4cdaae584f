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

/**
 * Auth.js's session cookie: `__Secure-` prefixed when the portal is served over HTTPS. Browsers
 * refuse to store a `__Secure-` cookie that was not set over HTTPS, so accepting both is safe.
 */
export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** The session token a request carries, the secure cookie first; null when there is none. */
export function sessionTokenFrom(cookies: CookieReader): string | null {
  for (const name of SESSION_COOKIE_NAMES) {
    const value = cookies.get(name)?.value;
    if (value) return value;
  }
  return null;
}
