#!/usr/bin/env node
// `npm test`: every test. The lint gate first, then the type check, unit and integration tests
// (vitest; the driver, sessions, admin and property suites a second time with the platform in the
// ampeco dialect; on Postgres too when DATABASE_URL is set), then a production build, the bundle
// secret scan, and the Playwright journeys against it.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const node = process.execPath;

function run(label, args, env = process.env) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(node, args, { cwd: root, stdio: "inherit", env });
  console.log(
    `=== ${label}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("lint (eslint.config.mjs)", ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "."]);
run("format (Prettier, 120 columns)", ["node_modules/prettier/bin/prettier.cjs", "--check", "."]);
run("typecheck", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "."]);
const { DATABASE_URL, ...withoutDatabase } = process.env;
// The dialect of the integration suites' platform (tests/support/platform-dialect.ts) is set per run
// here, never inherited from the shell.
run("unit and integration tests (PGlite)", ["node_modules/vitest/vitest.mjs", "run"], {
  ...withoutDatabase,
  PLATFORM_TEST_DIALECT: "spec",
});
// The suites above ran with the platform (emulator and client) in the contract's dialect; these
// again against the real AMPECO API's dialect (tests/support/platform-dialect.ts).
run(
  "driver, sessions, admin and property suites, ampeco dialect (PGlite)",
  [
    "node_modules/vitest/vitest.mjs",
    "run",
    "tests/integration/driver-services",
    "tests/integration/sessions",
    "tests/integration/admin",
    "tests/integration/properties",
  ],
  { ...withoutDatabase, PLATFORM_TEST_DIALECT: "ampeco" },
);
if (DATABASE_URL)
  run("integration tests on Postgres (DATABASE_URL)", ["node_modules/vitest/vitest.mjs", "run", "tests/integration"], {
    ...withoutDatabase,
    DATABASE_URL,
    PLATFORM_TEST_DIALECT: "spec",
  });
run("production build", ["node_modules/next/dist/bin/next", "build"]);
run("bundle budget (first-load JS per route)", ["scripts/check-bundle-budget.mjs"]);
run("no secrets in client bundles", ["scripts/check-bundle-secrets.mjs"]);
run("end-to-end tests", ["node_modules/@playwright/test/cli.js", "test"]);
