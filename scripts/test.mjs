#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (vitest; on Postgres too when DATABASE_URL is
// set), then a production build, the bundle secret scan, and the Playwright journeys against it.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const node = process.execPath;

function run(label, args, env = process.env) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(node, args, { cwd: root, stdio: "inherit", env });
  console.log(`=== ${label}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("typecheck", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
const { DATABASE_URL, ...withoutDatabase } = process.env;
run("unit and integration tests (PGlite)", ["node_modules/vitest/vitest.mjs", "run"], withoutDatabase);
if (DATABASE_URL) run("integration tests on Postgres (DATABASE_URL)", ["node_modules/vitest/vitest.mjs", "run", "tests/integration"]);
run("production build", ["node_modules/next/dist/bin/next", "build"]);
run("bundle budget (first-load JS per route)", ["scripts/check-bundle-budget.mjs"]);
run("no secrets in client bundles", ["scripts/check-bundle-secrets.mjs"]);
run("end-to-end tests", ["node_modules/@playwright/test/cli.js", "test"]);
