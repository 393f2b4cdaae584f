/**
 * A return URL after sign-in must stay on this site: only a plain absolute path is accepted,
 * never "//host", "/\host", a scheme or control characters (open-redirect protection).
 */
export const DEFAULT_DRIVER_HOME = "/account";

/** The sign-in form carries the return path in a field its schema caps at this length. */
export const MAX_RETURN_PATH_LENGTH = 512;

export function safeReturnPath(value: unknown, fallback = DEFAULT_DRIVER_HOME): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, "http://portal.invalid");
    if (parsed.origin !== "http://portal.invalid") return fallback;
    // Dot segments are resolved here, so "/.//evil.example" or "/a/..//evil.example" would come out
    // as "//evil.example", which a browser reads as another host: check the result, not only the input.
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // Parsing percent-encodes non-ASCII characters, so the result can be longer than the input.
    return path.startsWith("//") || path.length > MAX_RETURN_PATH_LENGTH ? fallback : path;
  } catch {
    return fallback;
  }
}

/** Whether an Auth.js link's callbackUrl is one the portal could have written; else it was edited (Auth.js: 500). */
export function isOwnReturnUrl(value: string, ownOrigin: string): boolean {
  if (value.startsWith("/")) return safeReturnPath(value, "") === value;
  try {
    const url = new URL(value);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === ownOrigin && safeReturnPath(path, "") === path;
  } catch {
    return false;
  }
}
