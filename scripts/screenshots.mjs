#!/usr/bin/env node
// `npm run screenshots`: a screenshot of every page, at 1280 and 360 px, in English, Dutch and German, into
// docs/screenshots/<lang>-<width>-<page>.png. Uses the existing build (builds first when there is none, or with
// --build), starts the portal on its embedded defaults (own port, own data directory), signs in as the demo driver
// and as an admin through the sign-in form and the demo mailbox, as the e2e journeys do. Light scheme; --dark adds
// the dark one (<lang>-<width>-<page>-dark.png). Never part of CI (it takes minutes and writes files): CI=true refuses.
// Options: --build, --dark, --port N (default 3190), --only <substring of a page name>.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PORTAL_NODE_ARGS } from "./portal-node-args.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
if (process.env.CI) {
  console.error("[screenshots] not in CI: run it by hand (npm run screenshots).");
  process.exit(1);
}
const PORT = Number(option("--port") ?? 3190);
const BASE = `http://localhost:${PORT}`;
const OUT = path.join(root, "docs", "screenshots");
const LANGUAGES = ["en", "nl", "de"];
const WIDTHS = [1280, 360];
const SCHEMES = args.includes("--dark") ? ["light", "dark"] : ["light"];
const ONLY = option("--only");
/** A full page, cut at this many viewport heights, so the set stays small in git. */
const MAX_SCREENS = 1.5;
const VIEWPORT_HEIGHT = { 1280: 800, 360: 740 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const next = path.join(root, "node_modules/next/dist/bin/next");

function build() {
  console.log("[screenshots] building the portal…");
  const result = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function startPortal(dataDir) {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    AUTH_URL: BASE,
    AUTH_TRUST_HOST: "true",
    LOG_LEVEL: "warn",
    MAP_TILE_URL: `${BASE}/__blocked_tiles__/{z}/{x}/{y}.png`,
    LIMIT_SIGNIN_PER_CLIENT: "100000",
    // Embedded defaults whatever the calling shell has set.
    DATABASE_URL: "",
    PLATFORM_BASE_URL: "",
    PLATFORM_API_KEY: "",
    MAP_BASE_URL: "",
    MAP_API_KEY: "",
    SMTP_URL: "",
    ADMIN_EMAILS: "",
    STAFF_REQUIRE_PASSKEY: "false",
    ...(process.env.PLATFORM_DIALECT ? { PLATFORM_DIALECT: process.env.PLATFORM_DIALECT } : {}),
  };
  return spawn(process.execPath, [...PORTAL_NODE_ARGS, next, "start", "-p", String(PORT)], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the portal did not start within 2 minutes");
}

const decode = (text) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/** Signs `email` in on a new context: the form, then the newest sign-in link in the demo mailbox. */
async function signedIn(browser, email) {
  const context = await browser.newContext({ baseURL: BASE });
  await blockTiles(context);
  const page = await context.newPage();
  await page.goto("/signin");
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="email"]').press("Enter");
  await page.waitForURL(/check-your-email/);
  let link = null;
  for (let i = 0; i < 60 && !link; i++) {
    const html = await (await page.request.get("/dev/mailbox")).text();
    const row = [...html.matchAll(/<tr[^>]*><td[^>]*>([^<]*)<\/td><td[^>]*><a[^>]*href="([^"]+)"/g)].find(
      ([, to]) => decode(to).toLowerCase() === email,
    );
    if (row) {
      const mail = await (await page.request.get(decode(row[2]))).text();
      link = /href="([^"]*\/api\/auth\/callback\/[^"]*)"/.exec(mail)?.[1];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!link) throw new Error(`no sign-in link for ${email}`);
  await page.goto(decode(link));
  await page.close();
  return context;
}

// 1×1 transparent PNG for map tiles: the machine may have no internet.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
async function blockTiles(context) {
  await context.route("**/__blocked_tiles__/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
}

async function shoot(context, pages) {
  const page = await context.newPage();
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    for (const language of LANGUAGES) {
      await context.addCookies([{ name: "portal-locale", value: language, url: BASE }]);
      for (const width of WIDTHS) {
        const height = VIEWPORT_HEIGHT[width];
        await page.setViewportSize({ width, height });
        for (const [name, url] of pages) {
          if (ONLY && !name.includes(ONLY)) continue;
          await page.goto(url);
          await page.waitForLoadState("networkidle").catch(() => {});
          const full = await page.evaluate(() => document.documentElement.scrollHeight);
          const file = `${language}-${width}-${name}${scheme === "dark" ? "-dark" : ""}.png`;
          await page.screenshot({
            path: path.join(OUT, file),
            fullPage: true,
            clip: { x: 0, y: 0, width, height: Math.min(full, Math.round(height * MAX_SCREENS)) },
          });
          console.log(`[screenshots] ${file}`);
        }
      }
    }
  }
  await page.close();
}

async function main() {
  if (args.includes("--build") || !existsSync(path.join(root, ".next", "BUILD_ID"))) build();
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "driver-portal-screenshots-"));
  const server = startPortal(dataDir);
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  let browser;
  try {
    await waitForHealth();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--proxy-server=http://127.0.0.1:9",
        "--proxy-bypass-list=localhost;127.0.0.1;[::1]",
      ],
    });
    const visitor = await browser.newContext({ baseURL: BASE });
    await shoot(visitor, [
      ["landing", "/"],
      ["signin", "/signin"],
      ["signup", "/signup"],
      ["check-your-email", "/check-your-email"],
      ["not-found-signed-out", "/no-such-page"],
      ["charge-point-signed-out", "/charge/NL*DPT*E50201"],
    ]);
    await visitor.close();

    const driver = await signedIn(browser, "driver@example.com");
    const probe = await driver.newPage();
    await probe.goto("/sessions");
    const sessionId = await probe.locator("tr[data-session-id]").first().getAttribute("data-session-id");
    const state = await (await probe.request.get("/api/emulator/__emulator/state")).json();
    await probe.close();
    const demoDriver = state.users.find((user) => user.email === "driver@example.com");
    await shoot(driver, [
      ["account", "/account"],
      ["account-profile", "/account/profile"],
      ["account-security", "/account/security"],
      ["account-notifications", "/account/notifications"],
      ["account-app-password", "/account/app-password"],
      ["account-privacy", "/account/privacy"],
      ["account-billing", "/account/billing"],
      ["account-payments", "/account/payments"],
      ["cards", "/cards"],
      ["sessions", "/sessions"],
      ...(sessionId ? [["session", `/sessions/${sessionId}`]] : []),
      ["vouchers", "/vouchers"],
      ["map", "/map"],
      ["charge-point", "/charge/NL*DPT*E50101"],
      ["not-found", "/no-such-page"],
    ]);
    await driver.close();

    const admin = await signedIn(browser, "admin@example.com");
    await shoot(admin, [
      ["admin-users", "/admin/users"],
      ...(demoDriver ? [["admin-driver", `/admin/users/${demoDriver.id}`]] : []),
      ["admin-new-driver", "/admin/users/new"],
      ["admin-requests", "/admin/requests"],
      ["admin-audit", "/admin/audit"],
      ["admin-staff", "/admin/staff"],
      ["admin-security", "/admin/security"],
    ]);
    await admin.close();

    const support = await signedIn(browser, "support@example.com");
    await shoot(support, [["admin-forbidden", "/admin/staff"]]);
    await support.close();
  } finally {
    await browser?.close();
    stop();
  }
}

await main();
