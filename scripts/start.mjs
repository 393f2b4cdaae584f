#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve the portal on
// PORT (default 3000). With no configuration it runs on its embedded defaults: built-in
// emulators, PGlite under .data/, demo mail at /dev/mailbox.
import { spawnSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { subscribeDemoPortal, waitUntilServing } from "./demo-push.mjs";
import { listenHost } from "./listen-host.mjs";
import { PORTAL_NODE_ARGS } from "./portal-node-args.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stampFile = path.join(root, ".next", "source-stamp");
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "middleware.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function walk(entry, out) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) for (const child of readdirSync(full)) walk(path.join(entry, child), out);
  else out.push(`${entry}:${stat.size}:${stat.mtimeMs}`);
}

function sourceStamp() {
  const entries = [];
  for (const s of SOURCES) walk(s, entries);
  return createHash("sha256").update(entries.sort().join("\n")).digest("hex");
}

const port = process.env.PORT || "3000";
// Sign-in links point at AUTH_URL, and production refuses to guess it from request headers
// (lib/core/config.ts), so the quick start gets a local default. The caller's environment wins.
const serverEnv = { AUTH_URL: `http://localhost:${port}`, ...process.env, NODE_ENV: "production" };

// Every configuration problem before a build or a served page (the portal checks again at start).
const check = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    "--conditions=react-server",
    "--tsconfig",
    path.join(root, "tsconfig.json"),
    path.join(root, "scripts/check-config.ts"),
  ],
  { cwd: root, env: serverEnv, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" },
);
if (check.status !== 0) process.exit(check.status ?? 1);
const { demoMode, demoPush } = JSON.parse(check.stdout);

const stamp = sourceStamp();
const built =
  existsSync(path.join(root, ".next", "BUILD_ID")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === stamp;
if (!built) {
  console.log("[start] building the portal (first start or sources changed)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}

const host = listenHost(process.env.HOST, demoMode);
console.log(
  `[start] serving on http://localhost:${port}${host === "127.0.0.1" ? " (loopback only: demo mode)" : ` (${host})`}`,
);
const server = spawn(
  process.execPath,
  [...PORTAL_NODE_ARGS, path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port, "-H", host],
  {
    cwd: root,
    stdio: "inherit",
    env: serverEnv,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

if (demoPush) {
  const local = `http://localhost:${port}`;
  waitUntilServing(local)
    .then((serving) => (serving ? subscribeDemoPortal(local, demoPush) : null))
    .then((subscription) => {
      if (subscription) console.log(`[start] live updates: the demo platform calls back (${subscription.outcome})`);
    })
    .catch((error) => console.warn(`[start] live updates stay on polling: ${error.message}`));
}
