/**
 * A return URL after sign-in must stay on this site: only a plain absolute path is accepted,
 * never "//host", "/\host", a scheme or control characters (open-redirect protection).
 */
export const DEFAULT_DRIVER_HOME = "/account";

export function safeReturnPath(value: unknown, fallback = DEFAULT_DRIVER_HOME): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 512) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, "http://portal.invalid");
    if (parsed.origin !== "http://portal.invalid") return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}
