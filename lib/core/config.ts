import "server-only";
import { z } from "zod";

/** The one validated view of the environment (documented in `.env.example`). Lazy, so `next build` needs no secrets. */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

/** A yes/no setting; undefined when unset, for defaults that depend on other settings. */
const optionalFlag = optionalString.transform((v) =>
  v === undefined ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase()),
);

const booleanFlag = (fallback: boolean) => optionalFlag.transform((v) => v ?? fallback);

const integerAtLeast = (min: number, fallback: number) =>
  optionalString.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) {
      ctx.addIssue({ code: "custom", message: `expected a whole number of at least ${min}` });
      return z.NEVER;
    }
    return n;
  });
const positiveInt = (fallback: number) => integerAtLeast(1, fallback);
const nonNegativeInt = (fallback: number) => integerAtLeast(0, fallback);

const emailList = optionalString.transform((v) =>
  (v ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean),
);

/** "lat,lng" → {lat, lng}; validated to real coordinates. */
const latLng = (fallback: { lat: number; lng: number }) =>
  optionalString.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const [lat, lng] = v.split(",").map((part) => Number(part.trim()));
    if (
      lat === undefined ||
      lng === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      ctx.addIssue({ code: "custom", message: "expected 'latitude,longitude', e.g. 52.37,4.90" });
      return z.NEVER;
    }
    return { lat, lng };
  });

export const PLATFORM_DIALECTS = ["contract", "ampeco"] as const;
export type PlatformDialectName = (typeof PLATFORM_DIALECTS)[number];
/** `spec`, the contract dialect's former name, keeps working (README, "Configuration"). */
const DIALECT_ALIASES: Readonly<Record<string, PlatformDialectName>> = { spec: "contract" };
const dialectName = optionalString
  .transform((v) => (v === undefined ? undefined : (DIALECT_ALIASES[v] ?? v)))
  .pipe(z.enum(PLATFORM_DIALECTS).optional());
/** Unset: `ampeco`, the real platform's API, so the quick start shows the ledger, billing and live updates (issue 36). */
const platformDialect = dialectName.transform((v) => v ?? "ampeco");

/** An IANA time zone the runtime knows (Intl refuses unknown ones). */
const timeZone = (fallback: string) =>
  optionalString.transform((v, ctx) => {
    if (v === undefined) return fallback;
    try {
      return new Intl.DateTimeFormat("en-GB", { timeZone: v }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", message: "expected an IANA time zone such as Europe/Amsterdam" });
      return z.NEVER;
    }
  });

/** Callback digests are kept 7 days: a freshness window up to 6 leaves a day's overlap, so no repeat slips through. */
export const CALLBACK_MAX_AGE_LIMIT_SECONDS = 6 * 24 * 3600;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).catch("development"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).catch("info"),
  DATA_DIR: optionalString.transform((v) => v ?? ".data"),
  // Demo mode (outbox mail, the emulator bridge) also on a real platform, for a showcase tenant.
  DEMO_MODE: booleanFlag(false),
  // How many proxies in front of the portal append to X-Forwarded-For (0: the portal faces clients).
  TRUSTED_PROXY_HOPS: nonNegativeInt(0),
  // Where `npm start` listens; without AUTH_URL (outside production) mailed links point at localhost on it.
  PORT: positiveInt(3000),

  // Auth.js
  AUTH_SECRET: optionalString,
  AUTH_URL: optionalUrl,
  AUTH_TRUST_HOST: booleanFlag(false),
  /** Unset: on in production, off in demo mode (see staffRequirePasskey below). */
  STAFF_REQUIRE_PASSKEY: optionalFlag,
  ADMIN_EMAILS: emailList,
  SIGNIN_LINK_MAX_AGE_MINUTES: positiveInt(30),
  // Abuse limits (per 15 minutes unless named otherwise). Per-address and per-driver limits are the
  // real protection; per-client-address limits are looser because many people can share one address.
  LIMIT_SIGNIN_PER_EMAIL: positiveInt(5),
  LIMIT_SIGNIN_PER_CLIENT: positiveInt(30),
  LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: positiveInt(10),
  LIMIT_VOUCHER_PER_DRIVER: positiveInt(10),
  /** Charge starts from the browser per driver per 15 minutes: each asks a charge point to switch on. */
  LIMIT_CHARGE_START_PER_DRIVER: positiveInt(10),
  LIMIT_PASSWORD_RESET_PER_DRIVER: positiveInt(3),
  LIMIT_PASSWORD_RESET_BY_STAFF_PER_DRIVER: positiveInt(5),
  LIMIT_EMAIL_CHANGE_PER_ACCOUNT: positiveInt(5),
  /** Map data requests (points, a location, a place search) per client address per minute, signed in or not. */
  LIMIT_MAP_PER_CLIENT_PER_MINUTE: positiveInt(120),

  // Platform (unset base URL → built-in emulator in process)
  // `ampeco` (default) = the real AMPECO public API; `contract` (old name `spec`) = the interface contract (README).
  PLATFORM_DIALECT: platformDialect,
  PLATFORM_BASE_URL: optionalUrl,
  PLATFORM_API_KEY: optionalString,
  // OAuth2 client credentials (ampeco tenants that issue them instead of a bearer key).
  // ampeco: the key the platform signs callbacks with, where it is not PLATFORM_API_KEY (under OAuth, see webhookKey).
  PLATFORM_WEBHOOK_SECRET: optionalString,
  // A callback whose X-Timestamp is older than this (or over a minute ahead) is refused; at most the digest retention.
  PLATFORM_CALLBACK_MAX_AGE_SECONDS: integerAtLeast(1, 300).pipe(
    z.number().max(CALLBACK_MAX_AGE_LIMIT_SECONDS, "at most 518400 (6 days): callback digests are kept 7 days"),
  ),
  // Drivers' event streams (/api/live): open at once per account and per client address, and how long one lasts.
  LIVE_STREAMS_PER_ACCOUNT: positiveInt(5),
  LIVE_STREAMS_PER_CLIENT: positiveInt(20),
  LIVE_STREAM_MAX_SECONDS: integerAtLeast(30, 600),
  PLATFORM_OAUTH_CLIENT_ID: optionalString,
  PLATFORM_OAUTH_CLIENT_SECRET: optionalString,
  // Real users carry no currency; money on the account page is shown in this one.
  PLATFORM_CURRENCY: optionalString
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{3}$/, "expected an ISO 4217 code such as EUR")
        .optional(),
    )
    .transform((v) => v ?? "EUR"),
  // Local session times when the platform gives none (or the location's time zone is unknown).
  PORTAL_TIME_ZONE: timeZone("Europe/Amsterdam"),
  PLATFORM_TIMEOUT_MS: positiveInt(10_000),
  PLATFORM_MAX_RETRIES: nonNegativeInt(3),
  PLATFORM_RETRY_CAP_MS: positiveInt(10_000),
  PLATFORM_PARTNER_ID: positiveInt(1116),
  PLATFORM_USER_GROUP_ID: positiveInt(257),
  // The contract marks these three paths as unconfirmed; each can be moved by configuration.
  PLATFORM_PATH_TOKENS: optionalString,
  PLATFORM_PATH_USER_EMAIL: optionalString,
  PLATFORM_PATH_PASSWORD_RESET: optionalString,

  // Built-in emulators (in process, or standalone via `npm run emulator`); unset dialect = PLATFORM_DIALECT
  EMULATOR_DIALECT: dialectName,
  EMULATOR_PORT: positiveInt(4010),
  EMULATOR_MAP_PORT: positiveInt(4020),
  EMULATOR_API_KEY: optionalString.transform((v) => v ?? "demo-key"),
  EMULATOR_READONLY_KEY: optionalString.transform((v) => v ?? "demo-readonly-key"),
  EMULATOR_MAP_KEY: optionalString.transform((v) => v ?? "demo-map-key"),
  EMULATOR_STATE_FILE: optionalString,
  EMULATOR_VOUCHER_DELAY_MS: nonNegativeInt(1500),
  EMULATOR_RATE_LIMIT: positiveInt(6000),
  EMULATOR_RATE_WINDOW_MS: positiveInt(60_000),
  /** Unset: on for the ampeco emulator (a tenant lists the places its sessions ran), off for the contract (404s). */
  EMULATOR_SEED_LOCATIONS: optionalFlag,
  /** `npm start` subscribes the portal to the embedded ampeco emulator's callbacks, so pages are pushed to. */
  EMULATOR_PUSH: booleanFlag(true),

  // Map data (unset key → built-in map data emulator over the shipped fixtures)
  MAP_BASE_URL: optionalUrl,
  MAP_API_KEY: optionalString,
  MAP_TILE_URL: optionalString.transform((v) => v ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_DEFAULT_CENTER: latLng({ lat: 52.3702, lng: 4.8952 }),
  MAP_TILE_TTL_SECONDS: positiveInt(15 * 60),
  /** Open to signed-out visitors unless set to false (issue 36: the landing page advertises public charge points). */
  MAP_PUBLIC: booleanFlag(true),

  // Database (unset → embedded PGlite under DATA_DIR)
  DATABASE_URL: optionalString,
  PGLITE_DIR: optionalString,

  // Mail (unset → outbox table readable at /dev/mailbox)
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString.transform((v) => v ?? "Driver Portal <no-reply@driver-portal.local>"),
  // Where a driver reaches support, named in security notices (unset → MAIL_FROM's address)
  SUPPORT_EMAIL: optionalString,

  // Operations (docs/operations.md): Prometheus metrics at /api/metrics, for loopback clients or this bearer token
  METRICS_ENABLED: booleanFlag(false),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
  // Traces are exported over OTLP/HTTP only when this is set (e.g. http://127.0.0.1:4318)
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: optionalString.transform((v) => v ?? "driver-portal"),
  // Read by scripts/graceful-shutdown.mjs, which runs before the app; checked here so a typo is reported at start.
  SHUTDOWN_GRACE_MS: nonNegativeInt(30_000),
  SHUTDOWN_UNREADY_MS: nonNegativeInt(0),
  // Read by scripts/page-queue.mjs the same way: pages and server actions rendered at once (0: no queue).
  PAGE_CONCURRENCY: nonNegativeInt(8),
});

export type Env = z.input<typeof EnvSchema>;

/** OAuth client credentials for newer ampeco tenants: both or neither (configurationProblems says so). */
function platformOAuthClient(e: z.output<typeof EnvSchema>): { clientId: string; clientSecret: string } | undefined {
  const clientId = e.PLATFORM_OAUTH_CLIENT_ID;
  const clientSecret = e.PLATFORM_OAUTH_CLIENT_SECRET;
  return clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : undefined;
}

/** Every problem of a configuration at once, so one restart can fix them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const platformEmbedded = e.PLATFORM_BASE_URL === undefined;
  const dialect = e.PLATFORM_DIALECT;
  const emulatorDialect = e.EMULATOR_DIALECT ?? dialect;
  const oauth = platformOAuthClient(e);
  const pathOverrides = {
    tokens: e.PLATFORM_PATH_TOKENS,
    userEmail: e.PLATFORM_PATH_USER_EMAIL,
    passwordReset: e.PLATFORM_PATH_PASSWORD_RESET,
  };
  const mapEmbedded = e.MAP_API_KEY === undefined;
  // The outbox and its viewer hand out every sign-in link: they exist only where all data is demo data.
  const demoMode = platformEmbedded || e.DEMO_MODE;
  const problems = configurationProblems(e, {
    demoMode,
    platformEmbedded,
    building: env.NEXT_PHASE === "phase-production-build",
  });
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = e.DATA_DIR;

  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir,
    /**
     * Demo mode: the built-in platform emulator (or DEMO_MODE=true). Only then do the outbox, /dev/mailbox,
     * the emulator bridge and a generated auth secret exist. Shown as a badge, logged at start.
     */
    demoMode,
    /** X-Forwarded-For entries appended by trusted proxies (lib/core/auth/client-address.ts). */
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    auth: {
      secret: e.AUTH_SECRET,
      url: e.AUTH_URL,
      /** Where every mailed link and the passkeys' relying party point: AUTH_URL, never a request's Host. */
      publicOrigin: e.AUTH_URL ? new URL(e.AUTH_URL).origin : `http://localhost:${e.PORT}`,
      adminEmails: e.ADMIN_EMAILS,
      signInLinkMaxAgeSeconds: e.SIGNIN_LINK_MAX_AGE_MINUTES * 60,
      /**
       * Staff sessions must have been established with a passkey (an e-mail link reaches only
       * /admin/security). Default: on in production, off in demo mode.
       */
      staffRequirePasskey: e.STAFF_REQUIRE_PASSKEY ?? (e.NODE_ENV === "production" && !demoMode),
    },
    limits: {
      signInPerEmail: e.LIMIT_SIGNIN_PER_EMAIL,
      signInPerClient: e.LIMIT_SIGNIN_PER_CLIENT,
      signUpPerClientPerHour: e.LIMIT_SIGNUP_PER_CLIENT_PER_HOUR,
      voucherPerDriver: e.LIMIT_VOUCHER_PER_DRIVER,
      chargeStartPerDriver: e.LIMIT_CHARGE_START_PER_DRIVER,
      passwordResetPerDriver: e.LIMIT_PASSWORD_RESET_PER_DRIVER,
      passwordResetByStaffPerDriver: e.LIMIT_PASSWORD_RESET_BY_STAFF_PER_DRIVER,
      emailChangePerAccount: e.LIMIT_EMAIL_CHANGE_PER_ACCOUNT,
      mapPerClientPerMinute: e.LIMIT_MAP_PER_CLIENT_PER_MINUTE,
    },
    platform: {
      dialect,
      embedded: platformEmbedded,
      baseUrl: e.PLATFORM_BASE_URL ?? "http://platform-emulator.internal",
      // Empty only with OAuth client credentials, which then replace the key.
      apiKey: platformEmbedded ? e.EMULATOR_API_KEY : (e.PLATFORM_API_KEY ?? ""),
      timeoutMs: e.PLATFORM_TIMEOUT_MS,
      maxRetries: e.PLATFORM_MAX_RETRIES,
      retryCapMs: e.PLATFORM_RETRY_CAP_MS,
      partnerId: e.PLATFORM_PARTNER_ID,
      userGroupId: e.PLATFORM_USER_GROUP_ID,
      pathOverrides,
      /** Client credentials instead of the bearer key (ampeco only); the embedded emulator accepts them too. */
      oauth,
      /**
       * The static key the platform signs callbacks with (ampeco). Under OAuth it is empty: `npm run platform:subscribe`
       * records the token that made the subscription in the database instead (lib/features/live/webhook-keys.ts).
       */
      webhookKey: e.PLATFORM_WEBHOOK_SECRET ?? (platformEmbedded ? e.EMULATOR_API_KEY : (e.PLATFORM_API_KEY ?? "")),
      currency: e.PLATFORM_CURRENCY,
      timeZone: e.PORTAL_TIME_ZONE,
      callbackMaxAgeSeconds: e.PLATFORM_CALLBACK_MAX_AGE_SECONDS,
    },
    live: {
      streamsPerAccount: e.LIVE_STREAMS_PER_ACCOUNT,
      streamsPerClient: e.LIVE_STREAMS_PER_CLIENT,
      streamMaxSeconds: e.LIVE_STREAM_MAX_SECONDS,
    },
    emulator: {
      dialect: emulatorDialect,
      port: e.EMULATOR_PORT,
      mapPort: e.EMULATOR_MAP_PORT,
      apiKey: e.EMULATOR_API_KEY,
      readOnlyKey: e.EMULATOR_READONLY_KEY,
      mapKey: e.EMULATOR_MAP_KEY,
      stateFile: e.EMULATOR_STATE_FILE ?? `${dataDir}/platform-emulator.json`,
      voucherDelayMs: e.EMULATOR_VOUCHER_DELAY_MS,
      rateLimit: { limit: e.EMULATOR_RATE_LIMIT, windowMs: e.EMULATOR_RATE_WINDOW_MS },
      seedLocations: e.EMULATOR_SEED_LOCATIONS ?? emulatorDialect === "ampeco",
      push: e.EMULATOR_PUSH,
      oauthClient: oauth,
    },
    map: {
      embedded: mapEmbedded,
      baseUrl: e.MAP_BASE_URL ?? (mapEmbedded ? "http://map-emulator.internal" : "https://api.openchargemap.io"),
      apiKey: mapEmbedded ? e.EMULATOR_MAP_KEY : (e.MAP_API_KEY as string),
      tileUrl: e.MAP_TILE_URL,
      defaultCenter: e.MAP_DEFAULT_CENTER,
      tileTtlSeconds: e.MAP_TILE_TTL_SECONDS,
      public: e.MAP_PUBLIC,
    },
    db: {
      url: e.DATABASE_URL,
      pgliteDir: e.PGLITE_DIR ?? `${dataDir}/pglite`,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL ?? /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM,
      /** Demo mail: messages go to the outbox table and /dev/mailbox exists (demo mode only). */
      outbox: demoMode && e.SMTP_URL === undefined,
    },
    observability: {
      metricsEnabled: e.METRICS_ENABLED,
      metricsToken: e.METRICS_TOKEN,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: e.OTEL_SERVICE_NAME,
    },
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, unreadyMs: e.SHUTDOWN_UNREADY_MS },
    pageConcurrency: e.PAGE_CONCURRENCY,
  };
}

type ParsedEnv = z.output<typeof EnvSchema>;

/**
 * Cross-field rules. Those about serving requests (public URL, secret, mail) do not apply while
 * `next build` runs: it prerenders pages with NODE_ENV=production but serves nothing and mails nobody.
 */
function configurationProblems(
  e: ParsedEnv,
  context: { demoMode: boolean; platformEmbedded: boolean; building: boolean },
): string[] {
  const problems: string[] = [];
  const oauthParts = [e.PLATFORM_OAUTH_CLIENT_ID, e.PLATFORM_OAUTH_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (oauthParts === 1) problems.push("PLATFORM_OAUTH_CLIENT_ID and PLATFORM_OAUTH_CLIENT_SECRET go together");
  if (oauthParts === 2 && e.PLATFORM_DIALECT !== "ampeco") {
    problems.push(
      "PLATFORM_OAUTH_CLIENT_ID/SECRET need PLATFORM_DIALECT=ampeco (the contract knows only a bearer key)",
    );
  }
  if (!context.platformEmbedded && !e.PLATFORM_API_KEY && oauthParts < 2) {
    problems.push(
      "PLATFORM_API_KEY (or, with PLATFORM_DIALECT=ampeco, PLATFORM_OAUTH_CLIENT_ID and _SECRET) is required when PLATFORM_BASE_URL is set",
    );
  }
  const pathOverridden = [e.PLATFORM_PATH_TOKENS, e.PLATFORM_PATH_USER_EMAIL, e.PLATFORM_PATH_PASSWORD_RESET].some(
    (v) => v !== undefined,
  );
  if (e.PLATFORM_DIALECT === "ampeco" && pathOverridden) {
    // Under ampeco the bodies, fields and methods differ too, so a moved path alone would only fail later.
    problems.push(
      "PLATFORM_PATH_* overrides apply to PLATFORM_DIALECT=contract only; the ampeco dialect has its own fixed endpoints",
    );
  }
  if (context.building) return problems;
  // Links and passkeys take the public origin from AUTH_URL alone: a request's Host (or a proxy's X-Forwarded-Host)
  // is whatever the client wrote, and a link to it hands an attacker the sign-in token (issue 33, R4-3).
  if (e.NODE_ENV === "production" && !e.AUTH_URL) {
    problems.push(
      e.AUTH_TRUST_HOST
        ? "AUTH_TRUST_HOST=true without AUTH_URL is refused in production: links would point at the Host header the client sent (a forged host receives the sign-in token); set AUTH_URL to the portal's public URL"
        : "AUTH_URL (the portal's public URL, e.g. https://portal.example.com) is required in production: every mailed link and the passkeys' host come from it",
    );
  }
  if (!context.demoMode && !e.AUTH_SECRET) {
    problems.push("AUTH_SECRET is required outside demo mode (a long random string, e.g. `openssl rand -base64 32`)");
  }
  if (!context.demoMode && !e.SMTP_URL) {
    problems.push(
      "SMTP_URL is required outside demo mode: sign-in links must be mailed (the demo outbox exists only with the built-in platform or DEMO_MODE=true)",
    );
  }
  return problems;
}

export type AppConfig = ReturnType<typeof loadConfig>;

/** Whether this code runs in Next's Node runtime (not the Edge runtime), e.g. in instrumentation.ts. */
export function isNodeRuntime(): boolean {
  return process.env.NEXT_RUNTIME === "nodejs";
}

const cache = globalThis as unknown as { __driverPortalConfig?: AppConfig };

export function getConfig(): AppConfig {
  cache.__driverPortalConfig ??= loadConfig(process.env);
  return cache.__driverPortalConfig;
}
