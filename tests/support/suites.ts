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
  const dir = path.join(root, "tests", "integration");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.startsWith(`properties${path.sep}`))
    .filter((file) => usesTheDatabaseItself(readFileSync(path.join(dir, file), "utf8")))
    .map((file) => `tests/integration/${file.split(path.sep).join("/")}`)
    .sort();
}

/** Whether a test file does what another file in the same module graph would see: a mock, a stub, an env var. */
export function changesSharedState(source: string): boolean {
  return /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*=[^=]|delete process\.env|vi\.(stubEnv|stubGlobal|useFakeTimers|doMock|mock)\(|globalThis\.\w+\s*=[^=]/.test(
    source,
  );
}

/**
 * Unit files that change shared state: they run isolated, with the integration suites. Every other unit file
 * shares one module graph per worker (the `unit` project, `isolate: false`), so each module is imported once.
 */
export function unitFilesThatChangeSharedState(root: string): string[] {
  const unitDir = path.join(root, "tests", "unit");
  return readdirSync(unitDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => changesSharedState(readFileSync(path.join(unitDir, file), "utf8")))
    .map((file) => `tests/unit/${file.split(path.sep).join("/")}`)
    .sort();
}
