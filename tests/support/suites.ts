import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Whether an integration file reads or writes the database in its own code (the portal's db modules or a test
 * database helper): its subject is storage, so it runs again on Postgres. The rest reach the database only as a
 * backdrop through the services, and PGlite is the same PostgreSQL engine; they run once, on PGlite.
 */
export function usesTheDatabaseItself(source: string): boolean {
  return /from\s+["'](@\/lib\/core\/db[^"']*|(@\/tests|[./]*)\/support\/(test-db|app-db))["']/.test(source);
}

/** The integration files of the Postgres pass (vitest.config.mts): those that use the database themselves. */
export function integrationFilesOnTheDatabase(root: string): string[] {
  return testFilesUnder(root, "tests/integration")
    .filter((file) => !file.startsWith("tests/integration/properties/"))
    .filter((file) => usesTheDatabaseItself(readFileSync(path.join(root, file), "utf8")));
}

/** Whether a test file does what another file in the same module graph would see: a mock, a stub, an env var. */
export function changesSharedState(source: string): boolean {
  return /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*=[^=]|delete process\.env|vi\.(stubEnv|stubGlobal|useFakeTimers|doMock|mock)\(|globalThis\.\w+\s*=[^=]/.test(
    source,
  );
}

/** The test files under `dir` (from the root, e.g. "tests/unit"), as paths from the root, sorted. */
function testFilesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `${dir}/${file.split(path.sep).join("/")}`)
    .sort();
}

/**
 * The files under `dir` that change shared state: they run isolated. Every other unit file shares one module graph
 * per worker (the `unit` project), and every other integration file shares the worker's packages but gets the
 * project's own modules fresh (the `integration` project, tests/support/fresh-modules.ts).
 */
export function filesThatChangeSharedState(root: string, dir: "tests/unit" | "tests/integration"): string[] {
  return testFilesUnder(root, dir).filter((file) => changesSharedState(readFileSync(path.join(root, file), "utf8")));
}
