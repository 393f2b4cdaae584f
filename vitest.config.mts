import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { filesThatChangeSharedState, integrationFilesOnTheDatabase } from "./tests/support/suites";

const root = fileURLToPath(new URL(".", import.meta.url));

const PROPERTIES = "tests/integration/properties";
const PROPERTIES_SETUP = `${PROPERTIES}/setup.ts`;
const FRESH_MODULES_SETUP = "tests/support/fresh-modules.ts";
/** The suites whose platform calls differ by dialect: they run again in the ampeco dialect. */
const DIALECT_SUITES = ["driver-services", "sessions", "admin"].map((dir) => `tests/integration/${dir}/**/*.test.ts`);
/** Property runs in the ampeco pass, which repeats them (the main pass runs 1,000 per property). */
const REPEATED_PASS_PROPERTY_RUNS = "100";

/**
 * Every pass of `npm test` is a project of one vitest run, so both cores stay busy from the first file
 * to the last: the contract's dialect on PGlite (unit, integration, properties), the dialect suites
 * and properties again in the ampeco dialect, and, when DATABASE_URL names a Postgres server, the
 * integration suites that use the database themselves again on it (tests/support/suites.ts). Each project sets its own environment:
 * PLATFORM_TEST_DIALECT (tests/support/platform-dialect.ts), DATABASE_URL (tests/support/test-db.ts;
 * "" is PGlite) and PROPERTY_RUNS (tests/integration/properties/harness.ts).
 */
const postgresUrl = process.env.DATABASE_URL ?? "";

/**
 * How a project's files share modules: `isolated`, a worker thread and module graph of its own per file; `shared`, one
 * module graph per worker; `packages`, the npm packages imported once per worker and the project's own modules fresh
 * for each file (tests/support/fresh-modules.ts), about half an isolated file's set-up.
 */
type ModuleGraph = "isolated" | "shared" | "packages";

function pass(
  name: string,
  env: Record<string, string>,
  include: string[],
  properties: boolean,
  exclude: readonly string[] = [],
  graph: ModuleGraph = "isolated",
) {
  return {
    extends: true,
    test: {
      name,
      isolate: graph === "isolated",
      // PLATFORM_DIALECT: what the portal's own configuration says in every pass (its default became ampeco in issue
      // 36); the dialect a pass tests is PLATFORM_TEST_DIALECT, which the harnesses give both sides.
      env: { DATABASE_URL: "", PLATFORM_TEST_DIALECT: "contract", PLATFORM_DIALECT: "contract", ...env },
      include,
      exclude: [...configDefaults.exclude, ...(properties ? [] : [`${PROPERTIES}/**`]), ...exclude],
      // The faked Next request context (vi.mock) and the per-file world (emulator, test database).
      setupFiles: [...(properties ? [PROPERTIES_SETUP] : []), ...(graph === "packages" ? [FRESH_MODULES_SETUP] : [])],
    },
  } as const;
}

const repeated = { PROPERTY_RUNS: REPEATED_PASS_PROPERTY_RUNS };
const UNIT = "tests/unit/**/*.test.ts";
const INTEGRATION = "tests/integration/**/*.test.ts";
/** Files that mock a module or set a global or an env var run isolated; the rest share what they can (ModuleGraph). */
const ISOLATED_UNIT = filesThatChangeSharedState(root, "tests/unit");
const ISOLATED_INTEGRATION = filesThatChangeSharedState(root, "tests/integration").filter(
  (file) => !file.startsWith(`${PROPERTIES}/`),
);
const ON_THE_DATABASE = integrationFilesOnTheDatabase(root);
const onPostgres = { DATABASE_URL: postgresUrl };

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: `${root}tests/support/server-only-stub.ts` },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    environment: "node",
    // The server logger's JSON lines would drown the reporter; tests that check logging capture them.
    env: { LOG_LEVEL: "warn" },
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve
    // (next has no exports map): let Vite resolve it, for tests that run Auth.js itself.
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The migrated PGlite template every test file copies (tests/support/test-db.ts), made once up front.
    globalSetup: ["tests/support/global-setup.ts"],
    // Integration tests start loopback servers and PGlite instances; two cores go further one file at a time each.
    // One pool for all projects (they share this limit).
    maxWorkers: 2,
    // Worker threads, not child processes: a new module graph per file costs less to set up in a thread.
    pool: "threads",
    // Each project inherits everything above (`extends: true`); `include` is set per project only,
    // because inherited arrays are concatenated, not replaced.
    projects: [
      pass("unit", {}, [UNIT], false, ISOLATED_UNIT, "shared"),
      pass("isolated", {}, [...ISOLATED_UNIT, ...ISOLATED_INTEGRATION], false),
      pass("integration", {}, [INTEGRATION], false, ISOLATED_INTEGRATION, "packages"),
      pass("properties", {}, [`${PROPERTIES}/**/*.test.ts`], true),
      pass("ampeco", { PLATFORM_TEST_DIALECT: "ampeco" }, DIALECT_SUITES, false),
      pass("ampeco properties", { PLATFORM_TEST_DIALECT: "ampeco", ...repeated }, [`${PROPERTIES}/**/*.test.ts`], true),
      ...(postgresUrl
        ? [
            pass("postgres", onPostgres, ON_THE_DATABASE, false, ISOLATED_INTEGRATION, "packages"),
            pass(
              "postgres isolated",
              onPostgres,
              ON_THE_DATABASE.filter((file) => ISOLATED_INTEGRATION.includes(file)),
              false,
            ),
          ]
        : []),
    ],
  },
});
