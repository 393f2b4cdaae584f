import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders, tileOriginOf } from "@/lib/core/security/headers";

const base = { nonce: "abc123", tileOrigin: "https://tile.openstreetmap.org", development: false, https: true };

describe("security headers", () => {
  it("allow scripts only by nonce and images only from self and the tile host", () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("send HSTS only in production over HTTPS, and never upgrade plain-HTTP local runs", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    const local = securityHeaders({ ...base, https: false });
    expect(local["Strict-Transport-Security"]).toBeUndefined();
    expect(local["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
    expect(local["X-Content-Type-Options"]).toBe("nosniff");
    expect(local["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("reads the tile origin from a URL template", () => {
    expect(tileOriginOf("https://{s}.tile.example.com/{z}/{x}/{y}.png")).toBe("https://*.tile.example.com");
    expect(tileOriginOf("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileOriginOf("http://localhost:3100/__blocked_tiles__/{z}/{x}/{y}.png")).toBe("http://localhost:3100");
    expect(tileOriginOf("not a url")).toBeNull();
  });
});
