#!/usr/bin/env node
/**
 * Fails the build when a server secret shows up in what browsers download: every file under
 * `.next/static/` (client bundles, CSS, chunks, source maps) and the prerendered pages under
 * `.next/server/app/` (HTML and RSC payloads). Run after `next build`:
 *
 *   node scripts/check-bundle-secrets.mjs [--dir .next] [secret ...]
 *
 * Secrets come from the arguments and from the environment: PLATFORM_API_KEY, MAP_API_KEY,
 * PLATFORM_BASE_URL, and the built-in emulators' keys (EMULATOR_API_KEY, EMULATOR_READONLY_KEY,
 * EMULATOR_MAP_KEY, with their defaults when unset — in demo mode those are the keys in use).
 * The report names the variable and the file, never the secret itself.
 *
 * Exit codes: 0 clean; 1 a secret was found; 2 nothing to scan (run `next build` first) or bad usage.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

const MIN_SECRET_LENGTH = 6;
const SERVER_PAGE_EXTENSIONS = new Set([".html", ".rsc", ".txt", ".body", ".meta"]);

function parseArgs(argv) {
  let dir = ".next";
  const secrets = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--dir") {
      dir = argv[i + 1];
      i += 1;
      if (!dir) throw new Error("--dir needs a value");
    } else secrets.push({ name: `argument ${secrets.length + 1}`, value: arg });
  }
  return { dir, secrets };
}

function secretsFromEnv(env) {
  const withDefaults = {
    PLATFORM_API_KEY: env.PLATFORM_API_KEY,
    MAP_API_KEY: env.MAP_API_KEY,
    PLATFORM_BASE_URL: env.PLATFORM_BASE_URL,
    EMULATOR_API_KEY: env.EMULATOR_API_KEY || "demo-key",
    EMULATOR_READONLY_KEY: env.EMULATOR_READONLY_KEY || "demo-readonly-key",
    EMULATOR_MAP_KEY: env.EMULATOR_MAP_KEY || "demo-map-key",
  };
  return Object.entries(withDefaults)
    .filter(([, value]) => typeof value === "string" && value.trim() !== "")
    .map(([name, value]) => ({ name, value: value.trim() }));
}

async function exists(p) {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`check-bundle-secrets: ${error.message}`);
    return 2;
  }
  const staticDir = path.join(args.dir, "static");
  if (!(await exists(staticDir))) {
    console.error(`check-bundle-secrets: ${staticDir} not found — run next build first.`);
    return 2;
  }
  const secrets = [...args.secrets, ...secretsFromEnv(process.env)].filter((s) => {
    if (s.value.length >= MIN_SECRET_LENGTH) return true;
    console.warn(
      `check-bundle-secrets: skipping ${s.name}: shorter than ${MIN_SECRET_LENGTH} characters, too short to search for reliably.`,
    );
    return false;
  });

  const files = [];
  for await (const file of walk(staticDir)) files.push(file);
  const serverApp = path.join(args.dir, "server", "app");
  if (await exists(serverApp)) {
    for await (const file of walk(serverApp)) if (SERVER_PAGE_EXTENSIONS.has(path.extname(file))) files.push(file);
  }

  const findings = [];
  for (const file of files) {
    const content = await readFile(file, "utf8");
    for (const secret of secrets) if (content.includes(secret.value)) findings.push(`${secret.name} found in ${file}`);
  }
  if (findings.length > 0) {
    console.error(`check-bundle-secrets: server secrets reach the browser:\n  ${findings.join("\n  ")}`);
    return 1;
  }
  console.log(`check-bundle-secrets: ${files.length} files checked for ${secrets.length} secrets, none found.`);
  return 0;
}

process.exitCode = await main();
