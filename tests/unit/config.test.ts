import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/core/config";

describe("loadConfig: the public URL in production", () => {
  it("refuses production without AUTH_URL: links would follow a client-set Host header", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_TRUST_HOST: "false" })).toThrow(/AUTH_URL/);
  });

  it("issue 33, R4-3: refuses AUTH_TRUST_HOST without AUTH_URL in production, saying why", () => {
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" })).toThrow(
      /AUTH_TRUST_HOST=true without AUTH_URL is refused in production: links would point at the Host header the client sent/,
    );
  });

  it("accepts production with AUTH_URL (AUTH_TRUST_HOST beside it changes nothing); links take its origin", () => {
    const config = loadConfig({ NODE_ENV: "production", AUTH_URL: "https://portal.example.com/base" });
    expect(config.auth.url).toBe("https://portal.example.com/base");
    expect(config.auth.publicOrigin).toBe("https://portal.example.com");
    const trusting = loadConfig({
      NODE_ENV: "production",
      AUTH_URL: "https://portal.example.com",
      AUTH_TRUST_HOST: "true",
    });
    expect(trusting.auth.publicOrigin).toBe("https://portal.example.com");
  });

  it("outside production without AUTH_URL, links point at localhost on PORT, never at a request's host", () => {
    expect(loadConfig({ NODE_ENV: "development" }).auth.publicOrigin).toBe("http://localhost:3000");
    expect(loadConfig({ NODE_ENV: "development", PORT: "4100" }).auth.publicOrigin).toBe("http://localhost:4100");
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

describe("loadConfig: demo mode, mail and the whole configuration at once", () => {
  const realPlatform = { PLATFORM_BASE_URL: "https://tenant.example.com", PLATFORM_API_KEY: "key" };

  it("refuses a real platform without SMTP_URL: the outbox would publish every sign-in link", () => {
    expect(() => loadConfig({ NODE_ENV: "test", ...realPlatform, AUTH_SECRET: "s" })).toThrow(/SMTP_URL/);
  });

  it("has the outbox (and /dev/mailbox) only in demo mode", () => {
    expect(loadConfig({ NODE_ENV: "test" }).mail.outbox).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", SMTP_URL: "smtp://127.0.0.1:25" }).mail.outbox).toBe(false);
    const production = loadConfig({
      NODE_ENV: "test",
      ...realPlatform,
      AUTH_SECRET: "s",
      SMTP_URL: "smtp://127.0.0.1:25",
    });
    expect(production.demoMode).toBe(false);
    expect(production.mail.outbox).toBe(false);
    // An explicit demo on a real tenant keeps the outbox: everyone can see it is a demo.
    const showcase = loadConfig({ NODE_ENV: "test", ...realPlatform, DEMO_MODE: "true" });
    expect(showcase.demoMode).toBe(true);
    expect(showcase.mail.outbox).toBe(true);
  });

  it("needs AUTH_SECRET outside demo mode (demo mode generates one)", () => {
    expect(() => loadConfig({ NODE_ENV: "test", ...realPlatform, SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it("lists every problem of a bad production configuration at once", () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: "production",
        PLATFORM_BASE_URL: "https://tenant.example.com",
        PLATFORM_TIMEOUT_MS: "soon",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.join("\n")).toMatch(/PLATFORM_TIMEOUT_MS/);
    // Once the values parse, the cross-field rules are all reported together.
    try {
      loadConfig({ NODE_ENV: "production", PLATFORM_BASE_URL: "https://tenant.example.com" });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^PLATFORM_API_KEY/),
      expect.stringMatching(/^AUTH_URL/),
      expect.stringMatching(/^AUTH_SECRET/),
      expect.stringMatching(/^SMTP_URL/),
    ]);
  });

  it("reads TRUSTED_PROXY_HOPS as a whole number, 0 by default", () => {
    expect(loadConfig({ NODE_ENV: "test" }).trustedProxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", TRUSTED_PROXY_HOPS: "1" }).trustedProxyHops).toBe(1);
    expect(() => loadConfig({ NODE_ENV: "test", TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("checks the shutdown timings the preloaded shutdown script reads, so a typo is reported at start", () => {
    expect(loadConfig({ NODE_ENV: "test" }).shutdown).toEqual({ graceMs: 30_000, unreadyMs: 0 });
    expect(loadConfig({ NODE_ENV: "test", SHUTDOWN_UNREADY_MS: "5000" }).shutdown.unreadyMs).toBe(5000);
    expect(() => loadConfig({ NODE_ENV: "test", SHUTDOWN_GRACE_MS: "30s" })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ NODE_ENV: "test", SHUTDOWN_UNREADY_MS: "-1" })).toThrow(/SHUTDOWN_UNREADY_MS/);
  });

  it("checks the page queue's size the preloaded queue reads: 8 by default, 0 for none", () => {
    expect(loadConfig({ NODE_ENV: "test" }).pageConcurrency).toBe(8);
    expect(loadConfig({ NODE_ENV: "test", PAGE_CONCURRENCY: "0" }).pageConcurrency).toBe(0);
    expect(() => loadConfig({ NODE_ENV: "test", PAGE_CONCURRENCY: "many" })).toThrow(/PAGE_CONCURRENCY/);
    expect(() => loadConfig({ NODE_ENV: "test", PAGE_CONCURRENCY: "-2" })).toThrow(/PAGE_CONCURRENCY/);
  });
});

describe("loadConfig: the platform dialect", () => {
  it("defaults to ampeco (issue 36), EUR and Europe/Amsterdam, with the emulator following the portal", () => {
    const config = loadConfig({});
    expect(config.platform.dialect).toBe("ampeco");
    expect(config.emulator.dialect).toBe("ampeco");
    expect(config.platform.currency).toBe("EUR");
    expect(config.platform.timeZone).toBe("Europe/Amsterdam");
    expect(config.platform.oauth).toBeUndefined();
  });

  it("accepts ampeco; the emulator follows unless EMULATOR_DIALECT says otherwise", () => {
    expect(loadConfig({ PLATFORM_DIALECT: "ampeco" }).emulator.dialect).toBe("ampeco");
    expect(loadConfig({ PLATFORM_DIALECT: "ampeco", EMULATOR_DIALECT: "contract" }).emulator.dialect).toBe("contract");
    expect(loadConfig({ PLATFORM_DIALECT: "contract", EMULATOR_DIALECT: "ampeco" }).platform.dialect).toBe("contract");
  });

  it("reads PLATFORM_DIALECT=spec and EMULATOR_DIALECT=spec as the contract, the dialect's old name", () => {
    const config = loadConfig({ PLATFORM_DIALECT: "spec" });
    expect(config.platform.dialect).toBe("contract");
    expect(config.emulator.dialect).toBe("contract");
    expect(loadConfig({ PLATFORM_DIALECT: "ampeco", EMULATOR_DIALECT: "spec" }).emulator.dialect).toBe("contract");
    expect(() => loadConfig({ PLATFORM_DIALECT: "spec", PLATFORM_PATH_TOKENS: "/tokens" })).not.toThrow();
  });

  it("refuses an unknown dialect, currency or time zone", () => {
    expect(() => loadConfig({ PLATFORM_DIALECT: "ocpi" })).toThrow(/PLATFORM_DIALECT/);
    expect(() => loadConfig({ EMULATOR_DIALECT: "AMPECO" })).toThrow(/EMULATOR_DIALECT/);
    expect(() => loadConfig({ PLATFORM_CURRENCY: "euro" })).toThrow(/PLATFORM_CURRENCY/);
    expect(() => loadConfig({ PORTAL_TIME_ZONE: "Mars/Olympus" })).toThrow(/PORTAL_TIME_ZONE/);
    expect(loadConfig({ PLATFORM_CURRENCY: "GBP", PORTAL_TIME_ZONE: "Europe/London" }).platform).toMatchObject({
      currency: "GBP",
      timeZone: "Europe/London",
    });
  });

  it("keeps PLATFORM_PATH_* for the contract and refuses them under ampeco", () => {
    expect(
      loadConfig({ PLATFORM_DIALECT: "contract", PLATFORM_PATH_TOKENS: "/x/tokens" }).platform.pathOverrides.tokens,
    ).toBe("/x/tokens");
    for (const name of ["PLATFORM_PATH_TOKENS", "PLATFORM_PATH_USER_EMAIL", "PLATFORM_PATH_PASSWORD_RESET"]) {
      expect(() => loadConfig({ PLATFORM_DIALECT: "ampeco", [name]: "/x/{id}" })).toThrow(
        /PLATFORM_PATH_\* overrides apply to PLATFORM_DIALECT=contract only/,
      );
    }
  });

  it("takes OAuth client credentials under ampeco instead of a key, as a pair only, and not under the contract", () => {
    const real = { PLATFORM_BASE_URL: "https://tenant.example.com", AUTH_SECRET: "s", SMTP_URL: "smtp://127.0.0.1:25" };
    expect(() => loadConfig({ ...real, PLATFORM_DIALECT: "ampeco" })).toThrow(/PLATFORM_API_KEY/);
    const oauth = loadConfig({
      ...real,
      PLATFORM_DIALECT: "ampeco",
      PLATFORM_OAUTH_CLIENT_ID: "portal",
      PLATFORM_OAUTH_CLIENT_SECRET: "s3cret",
    });
    expect(oauth.platform.oauth).toEqual({ clientId: "portal", clientSecret: "s3cret" });
    expect(() => loadConfig({ ...real, PLATFORM_DIALECT: "ampeco", PLATFORM_OAUTH_CLIENT_ID: "portal" })).toThrow(
      /go together/,
    );
    expect(() =>
      loadConfig({
        ...real,
        PLATFORM_DIALECT: "contract",
        PLATFORM_API_KEY: "k",
        PLATFORM_OAUTH_CLIENT_ID: "portal",
        PLATFORM_OAUTH_CLIENT_SECRET: "s",
      }),
    ).toThrow(/PLATFORM_DIALECT=ampeco/);
  });
});

describe("loadConfig: every abuse limit comes from configuration", () => {
  it("has the shipped defaults and takes overrides", () => {
    expect(loadConfig({ NODE_ENV: "test" }).limits).toMatchObject({
      passwordResetPerDriver: 3,
      passwordResetByStaffPerDriver: 5,
      emailChangePerAccount: 5,
    });
    const tuned = loadConfig({
      NODE_ENV: "test",
      LIMIT_PASSWORD_RESET_PER_DRIVER: "1",
      LIMIT_PASSWORD_RESET_BY_STAFF_PER_DRIVER: "2",
      LIMIT_EMAIL_CHANGE_PER_ACCOUNT: "9",
    });
    expect(tuned.limits).toMatchObject({
      passwordResetPerDriver: 1,
      passwordResetByStaffPerDriver: 2,
      emailChangePerAccount: 9,
    });
    expect(() => loadConfig({ NODE_ENV: "test", LIMIT_EMAIL_CHANGE_PER_ACCOUNT: "0" })).toThrow(
      /LIMIT_EMAIL_CHANGE_PER_ACCOUNT/,
    );
  });
});

describe("loadConfig: stream caps and the callbacks' freshness window (issue 33)", () => {
  it("has defaults, and refuses a window longer than the callback digests are kept", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.live).toEqual({ streamsPerAccount: 5, streamsPerClient: 20, streamMaxSeconds: 600 });
    expect(config.platform.callbackMaxAgeSeconds).toBe(300);
    expect(loadConfig({ NODE_ENV: "test", PLATFORM_CALLBACK_MAX_AGE_SECONDS: "518400" }).platform).toMatchObject({
      callbackMaxAgeSeconds: 518_400,
    });
    expect(() => loadConfig({ NODE_ENV: "test", PLATFORM_CALLBACK_MAX_AGE_SECONDS: "604800" })).toThrow(
      /PLATFORM_CALLBACK_MAX_AGE_SECONDS: at most 518400 \(6 days\): callback digests are kept 7 days/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", LIVE_STREAM_MAX_SECONDS: "5" })).toThrow(/LIVE_STREAM_MAX_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: "test", LIVE_STREAMS_PER_ACCOUNT: "0" })).toThrow(/LIVE_STREAMS_PER_ACCOUNT/);
  });
});
