import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/config";

describe("loadConfig: the public URL in production", () => {
  it("refuses production without AUTH_URL or AUTH_TRUST_HOST: links would follow a client-set Host header", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_TRUST_HOST: "false" })).toThrow(/AUTH_URL/);
  });

  it("accepts production with AUTH_URL, or with AUTH_TRUST_HOST behind a proxy", () => {
    expect(loadConfig({ NODE_ENV: "production", AUTH_URL: "https://portal.example.com" }).auth.url).toBe("https://portal.example.com");
    expect(loadConfig({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }).auth.url).toBeUndefined();
  });

  it("needs neither while `next build` runs (no request, no link)", () => {
    expect(() => loadConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-server" })).toThrow(/AUTH_URL/);
  });

  it("needs neither outside production", () => {
    expect(() => loadConfig({ NODE_ENV: "development" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "test" })).not.toThrow();
  });
});
