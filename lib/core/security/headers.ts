/**
 * The security headers of every page and route handler, built per request because the script
 * nonce is per request. Pure, so the policy is unit-tested as data.
 */
export interface SecurityHeaderOptions {
  nonce: string;
  /** Origin of the map tile server (from MAP_TILE_URL); tiles are the only foreign images. */
  tileOrigin: string | null;
  development: boolean;
  /** HSTS and upgrade-insecure-requests only make sense when the portal is served over HTTPS. */
  https: boolean;
}

export function contentSecurityPolicy({ nonce, tileOrigin, development, https }: SecurityHeaderOptions): string {
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    // strict-dynamic: scripts loaded by nonce-approved scripts (Next's chunks) are allowed, nothing else.
    ["script-src", `'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`],
    // Leaflet positions tiles and markers with inline style attributes.
    ["style-src", "'self' 'unsafe-inline'"],
    ["img-src", ["'self'", "data:", "blob:", tileOrigin].filter(Boolean).join(" ")],
    ["font-src", "'self'"],
    ["connect-src", development ? "'self' ws:" : "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests", ""]);
  return directives.map(([name, value]) => `${name} ${value}`.trim()).join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // Origin only to other sites: tile servers ask for a Referer, paths and queries stay private.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "geolocation=(self), camera=(), microphone=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.https && !options.development)
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** Origin of a tile URL template; a `{s}` subdomain becomes a CSP wildcard (`*.tile.example.com`). */
export function tileOriginOf(tileUrlTemplate: string): string | null {
  try {
    const url = new URL(tileUrlTemplate.replace(/\{s\}/g, "subdomain-placeholder").replace(/\{[a-z]\}/gi, "0"));
    return url.origin.replace("subdomain-placeholder", "*");
  } catch {
    return null;
  }
}
