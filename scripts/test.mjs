#!/usr/bin/env node
// `npm test`: every test. First the lint gate beside Prettier, the type check and the production build in
// turn (ESLint is one thread, so on two cores it overlaps with the others instead of queueing), then
// the unit and integration tests (one vitest run whose projects are the passes: the contract's dialect on
// PGlite, the driver, sessions, admin and property suites again in the ampeco dialect, and the integration
// suites again on Postgres when DATABASE_URL is set; see vitest.config.mts), the bundle checks of the
// build, and the Playwright journeys against it. Each step's time, and the total, are printed.
import { spawn } from "node:child_process";
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

/**
 * Runs one step. `buffered`: its output is held and printed whole when it ends, so steps that run side by
 * side do not interleave their lines.
 */
function run(label, args, { buffered = false } = {}) {
  if (!buffered) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const status = code === 0 ? "passed" : "FAILED";
      if (buffered) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      steps.push({ label, ms: Date.now() - started, status });
      console.log(`=== ${label}: ${status} in ${seconds(Date.now() - started)} s ===`);
      resolve(code === 0);
    });
  });
}

async function stage(...runs) {
  const results = await Promise.all(runs);
  if (results.every(Boolean)) return;
  printTimes("FAILED");
  process.exit(1);
}

/** Steps one after the other, up to the first that fails. */
async function inTurn(...steps) {
  for (const step of steps) if (!(await step())) return false;
  return true;
}

const buffered = { buffered: true };
// ESLint (type-aware, about two minutes) beside the other three in turn. The type check comes before the build,
// as it reads the route types the build writes into .next/types.
await stage(
  run("lint (eslint.config.mjs)", ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "."], buffered),
  inTurn(
    () => run("format (Prettier, 120 columns)", ["node_modules/prettier/bin/prettier.cjs", "--check", "."], buffered),
    () => run("typecheck", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."], buffered),
    () => run("production build", ["node_modules/next/dist/bin/next", "build"], buffered),
  ),
);
// One vitest run for every pass: its projects set each pass's dialect and database themselves
// (vitest.config.mts), never inherited from the shell; the Postgres pass exists when DATABASE_URL is set.
await stage(
  run(
    process.env.DATABASE_URL
      ? "unit and integration tests (PGlite; ampeco dialect; Postgres)"
      : "unit and integration tests (PGlite; ampeco dialect)",
    ["node_modules/vitest/vitest.mjs", "run"],
  ),
);
await stage(run("bundle budget (first-load JS per route)", ["scripts/check-bundle-budget.mjs"]));
await stage(run("no secrets in client bundles", ["scripts/check-bundle-secrets.mjs"]));
await stage(run("end-to-end tests", ["node_modules/@playwright/test/cli.js", "test"]));
printTimes("passed");
