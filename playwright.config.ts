import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { PORTAL_NODE_ARGS } from "./scripts/portal-node-args.mjs";

// One portal process on embedded defaults (built-in emulators, PGlite, outbox mail) in a fresh
// data directory per run, so every run starts from the seed. Stopped by Playwright via its own pid.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "driver-portal-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // the config file is loaded by each worker too: keep one directory

const serverEnv: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  AUTH_URL: BASE_URL,
  AUTH_TRUST_HOST: "true",
  PLATFORM_TIMEOUT_MS: "2500",
  EMULATOR_VOUCHER_DELAY_MS: "1500",
  MAP_TILE_URL: `${BASE_URL}/__blocked_tiles__/{z}/{x}/{y}.png`,
  LOG_LEVEL: "warn",
  // Every browser in the suite shares one client address; per-address and per-driver limits stay as shipped.
  LIMIT_SIGNIN_PER_CLIENT: "100000",
  LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: "100000",
  // Embedded defaults whatever the calling shell has set (CI exports DATABASE_URL for the integration tests).
  DATABASE_URL: "",
  PLATFORM_BASE_URL: "",
  PLATFORM_API_KEY: "",
  MAP_BASE_URL: "",
  MAP_API_KEY: "",
  SMTP_URL: "",
  AUTH_SECRET: "",
  ADMIN_EMAILS: "",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The node options `npm start` uses, so the journeys run the portal as shipped.
    command: ["node", ...PORTAL_NODE_ARGS, "node_modules/next/dist/bin/next", "start", "-p", String(PORT)].join(" "),
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: serverEnv,
    stdout: "pipe",
    stderr: "pipe",
  },
});
