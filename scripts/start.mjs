#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve the portal on
// PORT (default 3000). With no configuration it runs on its embedded defaults: built-in
// emulators, PGlite under .data/, demo mail at /dev/mailbox.
import { spawnSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PORTAL_NODE_ARGS } from "./portal-node-args.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stampFile = path.join(root, ".next", "source-stamp");
const SOURCES = ["app", "components", "lib", "public", "middleware.ts", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];

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

const stamp = sourceStamp();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
if (!built) {
  console.log("[start] building the portal (first start or sources changed)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}

const port = process.env.PORT || "3000";
console.log(`[start] serving on http://localhost:${port}`);
const server = spawn(process.execPath, [...PORTAL_NODE_ARGS, path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  // Sign-in links point at AUTH_URL, and production refuses to guess it from request headers
  // (lib/config.ts), so the quick start gets a local default. The caller's environment wins.
  env: { AUTH_URL: `http://localhost:${port}`, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
