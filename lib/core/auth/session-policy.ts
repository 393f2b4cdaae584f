/** Session lifetime and cookie name, shared with the viewer lookup. No server-only imports: middleware imports it. */

/** A session ends 30 days after it was last renewed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** A session is renewed (its expiry moved out again) at most once a day: Auth.js's default. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** How often a session's device "last seen" time is moved on while it is in use. */
export const DEVICE_LAST_SEEN_EVERY_SECONDS = 5 * 60;

/** HTTPS or not, decided as Auth.js decides its cookie names: AUTH_URL, else `x-forwarded-proto`. */
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
 * Only the cookie Auth.js uses for this origin. Over HTTPS the plain-named cookie is never read: anyone who can set
 * cookies without HTTPS could plant their own session.
 */
export function sessionTokenFrom(cookies: CookieReader, secure: boolean): string | null {
  return cookies.get(sessionCookieName(secure))?.value || null;
}
