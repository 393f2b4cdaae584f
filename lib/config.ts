import "server-only";
import { z } from "zod";

/**
 * The one validated view of the environment. Nothing else in the app reads
 * `process.env` (tests and tool scripts aside). Loaded lazily so that `next build`
 * never needs runtime secrets, and cached after the first read.
 *
 * Every variable is documented in `.env.example`.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url().optional());

const booleanFlag = (fallback: boolean) =>
  optionalString.transform((v) => (v === undefined ? fallback : ["1", "true", "yes", "on"].includes(v.toLowerCase())));

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
    if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      ctx.addIssue({ code: "custom", message: "expected 'latitude,longitude', e.g. 52.37,4.90" });
      return z.NEVER;
    }
    return { lat, lng };
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).catch("development"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).catch("info"),
  DATA_DIR: optionalString.transform((v) => v ?? ".data"),

  // Auth.js
  AUTH_SECRET: optionalString,
  AUTH_URL: optionalUrl,
  AUTH_TRUST_HOST: booleanFlag(false),
  ADMIN_EMAILS: emailList,
  SIGNIN_LINK_MAX_AGE_MINUTES: positiveInt(30),
  // Abuse limits (per 15 minutes unless named otherwise). Per-address and per-driver limits are the
  // real protection; per-client-address limits are looser because many people can share one address.
  LIMIT_SIGNIN_PER_EMAIL: positiveInt(5),
  LIMIT_SIGNIN_PER_CLIENT: positiveInt(30),
  LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: positiveInt(10),
  LIMIT_VOUCHER_PER_DRIVER: positiveInt(10),

  // Platform (unset base URL → built-in emulator in process)
  PLATFORM_BASE_URL: optionalUrl,
  PLATFORM_API_KEY: optionalString,
  PLATFORM_TIMEOUT_MS: positiveInt(10_000),
  PLATFORM_MAX_RETRIES: nonNegativeInt(3),
  PLATFORM_RETRY_CAP_MS: positiveInt(10_000),
  PLATFORM_PARTNER_ID: positiveInt(1116),
  PLATFORM_USER_GROUP_ID: positiveInt(257),
  // The spec marks these three paths as unconfirmed; each can be moved by configuration.
  PLATFORM_PATH_TOKENS: optionalString,
  PLATFORM_PATH_USER_EMAIL: optionalString,
  PLATFORM_PATH_PASSWORD_RESET: optionalString,

  // Built-in emulators (in process, or standalone via `npm run emulator`)
  EMULATOR_PORT: positiveInt(4010),
  EMULATOR_MAP_PORT: positiveInt(4020),
  EMULATOR_API_KEY: optionalString.transform((v) => v ?? "demo-key"),
  EMULATOR_READONLY_KEY: optionalString.transform((v) => v ?? "demo-readonly-key"),
  EMULATOR_MAP_KEY: optionalString.transform((v) => v ?? "demo-map-key"),
  EMULATOR_STATE_FILE: optionalString,
  EMULATOR_VOUCHER_DELAY_MS: nonNegativeInt(1500),
  EMULATOR_RATE_LIMIT: positiveInt(6000),
  EMULATOR_RATE_WINDOW_MS: positiveInt(60_000),
  EMULATOR_SEED_LOCATIONS: booleanFlag(false),

  // Map data (unset key → built-in map data emulator over the shipped fixtures)
  MAP_BASE_URL: optionalUrl,
  MAP_API_KEY: optionalString,
  MAP_TILE_URL: optionalString.transform((v) => v ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_DEFAULT_CENTER: latLng({ lat: 52.3702, lng: 4.8952 }),
  MAP_TILE_TTL_SECONDS: positiveInt(15 * 60),
  MAP_PUBLIC: booleanFlag(false),

  // Database (unset → embedded PGlite under DATA_DIR)
  DATABASE_URL: optionalString,
  PGLITE_DIR: optionalString,

  // Mail (unset → outbox table readable at /dev/mailbox)
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString.transform((v) => v ?? "Driver Portal <no-reply@driver-portal.local>"),
});

export type Env = z.input<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Invalid configuration: ${message}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(detail);
  }
  const e = parsed.data;
  // Without a configured public URL, sign-in links and mails are built from the request's Host
  // (or X-Forwarded-Host) header, which any client can set: a link to the sender's own host would
  // hand them the sign-in token. So production needs AUTH_URL, or AUTH_TRUST_HOST behind a proxy
  // that sets those headers itself. (Auth.js refuses untrusted hosts in production too.)
  // `next build` runs with NODE_ENV=production too, but serves no request and builds no link.
  const building = env.NEXT_PHASE === "phase-production-build";
  if (e.NODE_ENV === "production" && !building && !e.AUTH_URL && !e.AUTH_TRUST_HOST) {
    throw new ConfigError("AUTH_URL (the portal's public URL, e.g. https://portal.example.com) is required in production; behind a proxy that sets X-Forwarded-Host, AUTH_TRUST_HOST=true will do");
  }
  const platformEmbedded = e.PLATFORM_BASE_URL === undefined;
  if (!platformEmbedded && !e.PLATFORM_API_KEY) {
    throw new ConfigError("PLATFORM_API_KEY is required when PLATFORM_BASE_URL is set");
  }
  const mapEmbedded = e.MAP_API_KEY === undefined;
  const dataDir = e.DATA_DIR;

  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir,
    /** True while any part runs on built-in emulators: shown as a badge, logged at start. */
    demoMode: platformEmbedded || mapEmbedded,
    auth: {
      secret: e.AUTH_SECRET,
      url: e.AUTH_URL,
      adminEmails: e.ADMIN_EMAILS,
      signInLinkMaxAgeSeconds: e.SIGNIN_LINK_MAX_AGE_MINUTES * 60,
    },
    limits: {
      signInPerEmail: e.LIMIT_SIGNIN_PER_EMAIL,
      signInPerClient: e.LIMIT_SIGNIN_PER_CLIENT,
      signUpPerClientPerHour: e.LIMIT_SIGNUP_PER_CLIENT_PER_HOUR,
      voucherPerDriver: e.LIMIT_VOUCHER_PER_DRIVER,
    },
    platform: {
      embedded: platformEmbedded,
      baseUrl: e.PLATFORM_BASE_URL ?? "http://platform-emulator.internal",
      apiKey: platformEmbedded ? e.EMULATOR_API_KEY : (e.PLATFORM_API_KEY as string),
      timeoutMs: e.PLATFORM_TIMEOUT_MS,
      maxRetries: e.PLATFORM_MAX_RETRIES,
      retryCapMs: e.PLATFORM_RETRY_CAP_MS,
      partnerId: e.PLATFORM_PARTNER_ID,
      userGroupId: e.PLATFORM_USER_GROUP_ID,
      pathOverrides: {
        tokens: e.PLATFORM_PATH_TOKENS,
        userEmail: e.PLATFORM_PATH_USER_EMAIL,
        passwordReset: e.PLATFORM_PATH_PASSWORD_RESET,
      },
    },
    emulator: {
      port: e.EMULATOR_PORT,
      mapPort: e.EMULATOR_MAP_PORT,
      apiKey: e.EMULATOR_API_KEY,
      readOnlyKey: e.EMULATOR_READONLY_KEY,
      mapKey: e.EMULATOR_MAP_KEY,
      stateFile: e.EMULATOR_STATE_FILE ?? `${dataDir}/platform-emulator.json`,
      voucherDelayMs: e.EMULATOR_VOUCHER_DELAY_MS,
      rateLimit: { limit: e.EMULATOR_RATE_LIMIT, windowMs: e.EMULATOR_RATE_WINDOW_MS },
      seedLocations: e.EMULATOR_SEED_LOCATIONS,
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
      /** Demo mail: messages go to the outbox table and /dev/mailbox exists. */
      outbox: e.SMTP_URL === undefined,
    },
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;

const cache = globalThis as unknown as { __driverPortalConfig?: AppConfig };

export function getConfig(): AppConfig {
  cache.__driverPortalConfig ??= loadConfig(process.env);
  return cache.__driverPortalConfig;
}
