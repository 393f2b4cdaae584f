import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { PORTAL_NODE_ARGS } from "./scripts/portal-node-args.mjs";

// Four portal processes on embedded defaults (built-in emulators, PGlite, outbox mail): one per platform
// dialect, a second one of the contract's, and one with STAFF_REQUIRE_PASSKEY=true for the staff passkey journey. Each has a fresh data
// directory per run, so every run starts from the seed. All are started for any project and stopped
// by Playwright via their own pids.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const AMPECO_PORT = Number(process.env.E2E_AMPECO_PORT ?? 3101);
const STAFF_PASSKEY_PORT = Number(process.env.E2E_STAFF_PASSKEY_PORT ?? 3102);
const SECOND_CONTRACT_PORT = Number(process.env.E2E_SECOND_CONTRACT_PORT ?? 3103);
const BASE_URL = `http://localhost:${PORT}`;
const AMPECO_BASE_URL = `http://localhost:${AMPECO_PORT}`;
const STAFF_PASSKEY_BASE_URL = `http://localhost:${STAFF_PASSKEY_PORT}`;
const SECOND_CONTRACT_BASE_URL = `http://localhost:${SECOND_CONTRACT_PORT}`;
/** Longer than any test lasts (the longest timeout is 300 s), so no test's idle connection is closed under it. */
const KEEP_ALIVE_MS = 310_000;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "driver-portal-e2e-"));
const ampecoDataDir = process.env.E2E_AMPECO_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "driver-portal-e2e-ampeco-"));
const staffPasskeyDataDir =
  process.env.E2E_STAFF_PASSKEY_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "driver-portal-e2e-staff-passkey-"));
const secondContractDataDir =
  process.env.E2E_SECOND_CONTRACT_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "driver-portal-e2e-second-"));
// The config file is loaded by each worker too: keep one directory per server.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_AMPECO_DATA_DIR = ampecoDataDir;
process.env.E2E_STAFF_PASSKEY_DATA_DIR = staffPasskeyDataDir;
process.env.E2E_SECOND_CONTRACT_DATA_DIR = secondContractDataDir;

/** Where the ampeco journeys collect the emulator's request log, test by test (tests/e2e/fixtures.ts). */
const AMPECO_REQUEST_LOG = path.join(ampecoDataDir, "platform-request-log.jsonl");

function serverEnv(
  baseUrl: string,
  dir: string,
  dialect: "contract" | "ampeco",
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    DATA_DIR: dir,
    AUTH_URL: baseUrl,
    AUTH_TRUST_HOST: "true",
    PLATFORM_DIALECT: dialect,
    PLATFORM_TIMEOUT_MS: "2500",
    EMULATOR_VOUCHER_DELAY_MS: "1500",
    MAP_TILE_URL: `${baseUrl}/__blocked_tiles__/{z}/{x}/{y}.png`,
    LOG_LEVEL: "warn",
    // Every browser in the suite shares one client address; per-address and per-driver limits stay as shipped.
    LIMIT_SIGNIN_PER_CLIENT: "100000",
    LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: "100000",
    LIMIT_MAP_PER_CLIENT_PER_MINUTE: "100000",
    // Embedded defaults whatever the calling shell has set (CI exports DATABASE_URL for the integration tests).
    DATABASE_URL: "",
    PLATFORM_BASE_URL: "",
    PLATFORM_API_KEY: "",
    PLATFORM_OAUTH_CLIENT_ID: "",
    PLATFORM_OAUTH_CLIENT_SECRET: "",
    EMULATOR_DIALECT: "",
    MAP_BASE_URL: "",
    MAP_API_KEY: "",
    SMTP_URL: "",
    AUTH_SECRET: "",
    ADMIN_EMAILS: "",
    // Off whatever the calling shell says (demo mode's default); the staff-passkey server turns it on.
    STAFF_REQUIRE_PASSKEY: "false",
    ...extra,
  };
}

function portalServer(
  port: number,
  baseUrl: string,
  dir: string,
  dialect: "contract" | "ampeco",
  extra: Record<string, string> = {},
) {
  return {
    // The node options `npm start` uses, so the journeys run the portal as shipped.
    // Idle connections stay open longer than a test can last: the journeys' request contexts keep sockets
    // alive, and a socket that Node's default 5 s closes just as a test reuses it fails with ECONNRESET.
    command: [
      "node",
      ...PORTAL_NODE_ARGS,
      "node_modules/next/dist/bin/next",
      "start",
      "-p",
      String(port),
      "--keepAliveTimeout",
      String(KEEP_ALIVE_MS),
    ].join(" "),
    url: `${baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: serverEnv(baseUrl, dir, dialect, extra),
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  };
}

const chromium = { ...devices["Desktop Chrome"], channel: undefined };

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink as /usr/bin/chromium without the
 * full browser's processes. The journeys are CPU-bound on two cores, and the shell needs far less of it.
 * CHROMIUM_PATH chooses another build; the full browser is the fallback where the shell is not installed.
 */
const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/**
 * The journeys that also run on the real platform's dialect (PLATFORM_DIALECT=ampeco): those tagged @ampeco, and
 * the @ampeco-only ones, which the contract's project leaves out in turn. The portal above the platform client is
 * the same code in both dialects and the contract's project runs every journey; what the ampeco project adds is
 * the real API's calls in a browser journey. So it runs the journeys whose assertions differ by dialect, the
 * security journeys of issue 22, and enough others that together they make every call the whole set of journeys
 * made there (method, path, query keys, body keys, status): request-log.spec.ts checks that list after the run.
 * docs/testing.md says how the set was chosen. Tests tagged @contract-only exercise a flow the real platform lacks.
 */
const AMPECO_JOURNEYS = /@ampeco/;
/**
 * Contract journeys on a server of their own, in a project of their own: the second worker takes them once the
 * ampeco, staff-passkey and multi-instance projects are done, instead of idling while the first runs the rest.
 */
const SECOND_CONTRACT_SPECS = [
  "a11y.spec.ts",
  "account-deletion.spec.ts",
  "devices.spec.ts",
  "download-progress.spec.ts",
  "keyboard.spec.ts",
  "languages.spec.ts",
  "map.spec.ts",
  "passkeys.spec.ts",
];
const REQUEST_LOG_SPEC = "request-log.spec.ts";
/** Staff behind STAFF_REQUIRE_PASSKEY=true: on a third server of its own (production's default). */
const STAFF_PASSKEY_SPEC = "staff-passkey.spec.ts";
/**
 * Two instances on Postgres behind nginx (tests/e2e/multi-instance/): each spec file starts and stops
 * its own cluster (emulator process, instances, nginx), so no web server here serves them.
 */
const MULTI_INSTANCE_SPECS = "multi-instance/*.spec.ts";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two workers, but at most one per project (each project's `workers: 1`): every portal server still
  // sees one journey at a time, as its seed accounts, limits and request log expect, while the contract's
  // and the real platform's journeys (two servers) run side by side on the two cores. E2E_WORKERS=1 runs
  // one journey at a time, as before.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    // A trace records DOM snapshots and a screencast of every journey, about a tenth of the suite's time (docs/testing.md):
    // off unless asked for, e.g. E2E_TRACE=retain-on-failure; the screenshot on failure stays.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure" | "on-first-retry",
    screenshot: "only-on-failure",
    // Colour transitions (motion-safe only) would let axe read a half-faded colour right after a scheme switch.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // Nothing leaves the machine: every request but loopback goes to a proxy on a closed port and fails in the
        // browser itself, without a route that would stop each request on its way (fixtures.ts, isolateNetwork).
        "--proxy-server=http://127.0.0.1:9",
        "--proxy-bypass-list=localhost;127.0.0.1;[::1]",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      workers: 1,
      metadata: { dialect: "contract" },
      testIgnore: [REQUEST_LOG_SPEC, STAFF_PASSKEY_SPEC, MULTI_INSTANCE_SPECS, ...SECOND_CONTRACT_SPECS],
      grepInvert: /@ampeco-only/,
      use: { ...chromium, baseURL: BASE_URL },
    },
    {
      name: "chromium-2",
      workers: 1,
      metadata: { dialect: "contract" },
      testMatch: SECOND_CONTRACT_SPECS,
      grepInvert: /@ampeco-only/,
      use: { ...chromium, baseURL: SECOND_CONTRACT_BASE_URL },
    },
    {
      name: "ampeco",
      workers: 1,
      metadata: { dialect: "ampeco", requestLogFile: AMPECO_REQUEST_LOG },
      testIgnore: [REQUEST_LOG_SPEC, STAFF_PASSKEY_SPEC, MULTI_INSTANCE_SPECS],
      grep: AMPECO_JOURNEYS,
      grepInvert: /@contract-only/,
      use: { ...chromium, baseURL: AMPECO_BASE_URL },
    },
    {
      // Last: after every ampeco journey, the whole request log of that server holds nothing of the contract.
      name: "ampeco-request-log",
      workers: 1,
      metadata: { dialect: "ampeco", requestLogFile: AMPECO_REQUEST_LOG },
      dependencies: ["ampeco"],
      testMatch: REQUEST_LOG_SPEC,
      use: { ...chromium, baseURL: AMPECO_BASE_URL },
    },
    {
      name: "staff-passkey",
      workers: 1,
      metadata: { dialect: "contract" },
      testMatch: STAFF_PASSKEY_SPEC,
      use: { ...chromium, baseURL: STAFF_PASSKEY_BASE_URL },
    },
    {
      name: "multi-instance",
      workers: 1,
      metadata: { dialect: "contract" },
      testMatch: MULTI_INSTANCE_SPECS,
      use: { ...chromium },
    },
  ],
  webServer: [
    portalServer(PORT, BASE_URL, dataDir, "contract"),
    portalServer(AMPECO_PORT, AMPECO_BASE_URL, ampecoDataDir, "ampeco"),
    portalServer(STAFF_PASSKEY_PORT, STAFF_PASSKEY_BASE_URL, staffPasskeyDataDir, "contract", {
      STAFF_REQUIRE_PASSKEY: "true",
    }),
    portalServer(SECOND_CONTRACT_PORT, SECOND_CONTRACT_BASE_URL, secondContractDataDir, "contract"),
  ],
});
