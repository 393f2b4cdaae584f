import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PORTAL_NODE_ARGS } from "../../scripts/portal-node-args.mjs";
import { startPlatformEmulator, TEST_API_KEY, type RunningPlatformEmulator } from "../support/platform-emulator-server";
import { expect, test } from "./fixtures";
import { expectHealthyWithinAMinute, stopStartedProcess } from "./portal-process";

/**
 * How the portal starts outside demo mode (security review, findings 2 and 8): a bad configuration
 * never serves a page, and a production portal has no demo mailbox and no emulator bridge.
 * These start their own processes (stopped by their own pid) and need no browser.
 */
// A port of its own, beside the config's three servers (E2E_STARTUP_CONFIG_PORT to move it).
const PORT = Number(process.env.E2E_STARTUP_CONFIG_PORT ?? 3108);
const BASE = `http://localhost:${PORT}`;

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "driver-portal-config-")),
    LOG_LEVEL: "warn",
    // The dialect of the test emulator these portals talk to (the default became ampeco in issue 36).
    PLATFORM_DIALECT: "contract",
    ...extra,
  };
}

/** Runs a command to its end (bounded) and returns its exit code and what it printed. */
async function runToExit(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

const REAL_PLATFORM = { PLATFORM_BASE_URL: "http://127.0.0.1:9", PLATFORM_API_KEY: "key", AUTH_URL: BASE };

test("npm start refuses a production configuration without SMTP_URL, naming it, before building or serving", async () => {
  const { code, output } = await runToExit(
    ["scripts/start.mjs"],
    baseEnv({ ...REAL_PLATFORM, AUTH_SECRET: "a-secret-of-enough-length-0123456789", PORT: String(PORT) }),
  );
  expect(code).toBe(1);
  expect(output).toContain("SMTP_URL is required outside demo mode");
  expect(output).not.toContain("building the portal");
});

test("npm start lists every problem of an incomplete production configuration at once", async () => {
  // The reviewer's example: PLATFORM_BASE_URL without AUTH_SECRET used to serve pages and fail only at sign-in.
  const { code, output } = await runToExit(
    ["scripts/start.mjs"],
    baseEnv({ PLATFORM_BASE_URL: "http://127.0.0.1:9", AUTH_URL: BASE, PORT: String(PORT) }),
  );
  expect(code).toBe(1);
  for (const name of ["PLATFORM_API_KEY", "AUTH_SECRET", "SMTP_URL"]) expect(output).toContain(name);
});

test("a plain `next start` with a bad configuration exits non-zero with the problems, as a deployment runs it", async () => {
  const { code, output } = await runToExit(
    [...PORTAL_NODE_ARGS, "node_modules/next/dist/bin/next", "start", "-p", String(PORT)],
    baseEnv(REAL_PLATFORM),
  );
  expect(code).toBe(1);
  expect(output).toContain("AUTH_SECRET is required outside demo mode");
  expect(output).toContain("SMTP_URL is required outside demo mode");
});

test.describe("a production portal (real platform, SMTP)", () => {
  let platform: RunningPlatformEmulator;
  let portal: ChildProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    platform = await startPlatformEmulator();
    portal = spawn(
      process.execPath,
      [...PORTAL_NODE_ARGS, "node_modules/next/dist/bin/next", "start", "-p", String(PORT)],
      {
        env: baseEnv({
          AUTH_URL: BASE,
          AUTH_SECRET: "a-secret-of-enough-length-0123456789",
          PLATFORM_BASE_URL: platform.url,
          PLATFORM_API_KEY: TEST_API_KEY,
          // Nothing listens there: no mail is sent by these tests.
          SMTP_URL: "smtp://127.0.0.1:9",
        }),
        stdio: "ignore",
      },
    );
    await expectHealthyWithinAMinute(BASE);
  });

  test.afterAll(async () => {
    await stopStartedProcess(portal);
    await platform?.close();
  });

  test("has no demo mailbox and no emulator bridge, even from this machine", async () => {
    expect(await (await fetch(`${BASE}/api/health`)).json()).toMatchObject({ status: "ok", demoMode: false });
    for (const route of ["/dev/mailbox", "/dev/mailbox/1"])
      expect((await fetch(`${BASE}${route}`)).status, route).toBe(404);
    expect((await fetch(`${BASE}/api/emulator/__emulator/state`)).status).toBe(404);
    const reset = await fetch(`${BASE}/api/emulator/__emulator/reset`, { method: "POST", headers: { origin: BASE } });
    expect(reset.status).toBe(404);
  });
});
