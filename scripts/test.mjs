#!/usr/bin/env node
// `npm test`: every test. The lint gate first, then the type check, unit and integration tests
// (one vitest run whose projects are the passes: the contract's dialect on PGlite, the driver, sessions,
// admin and property suites again in the ampeco dialect, and the integration suites again on Postgres
// when DATABASE_URL is set; see vitest.config.mts), then a production build, the bundle secret scan,
// and the Playwright journeys against it. Each step's time, and the total, are printed.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const node = process.execPath;
const suiteStarted = Date.now();
const steps = [];
const seconds = (ms) => Math.round(ms / 1000);

function printTimes(outcome) {
  console.log(`\n=== step times ===`);
  for (const { label, ms, status } of steps) console.log(`${String(seconds(ms)).padStart(6)} s  ${status}  ${label}`);
  console.log(`=== npm test: ${outcome} in ${seconds(Date.now() - suiteStarted)} s ===`);
}

function run(label, args, env = process.env) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(node, args, { cwd: root, stdio: "inherit", env });
  const status = result.status === 0 ? "passed" : "FAILED";
  steps.push({ label, ms: Date.now() - started, status });
  console.log(`=== ${label}: ${status} in ${seconds(Date.now() - started)} s ===`);
  if (result.status !== 0) {
    printTimes("FAILED");
    process.exit(result.status ?? 1);
  }
}

run("lint (eslint.config.mjs)", ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "."]);
run("format (Prettier, 120 columns)", ["node_modules/prettier/bin/prettier.cjs", "--check", "."]);
run("typecheck", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
// One vitest run for every pass: its projects set each pass's dialect and database themselves
// (vitest.config.mts), never inherited from the shell; the Postgres pass exists when DATABASE_URL is set.
run(
  process.env.DATABASE_URL
    ? "unit and integration tests (PGlite; ampeco dialect; Postgres)"
    : "unit and integration tests (PGlite; ampeco dialect)",
  ["node_modules/vitest/vitest.mjs", "run"],
);
run("production build", ["node_modules/next/dist/bin/next", "build"]);
run("bundle budget (first-load JS per route)", ["scripts/check-bundle-budget.mjs"]);
run("no secrets in client bundles", ["scripts/check-bundle-secrets.mjs"]);
run("end-to-end tests", ["node_modules/@playwright/test/cli.js", "test"]);
printTimes("passed");
