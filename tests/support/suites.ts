import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Integration suites that cannot open a database (the emulators over HTTP, process and bundle checks): the
 * Postgres pass leaves them out, as it would run them unchanged. tests/unit/suite-map.test.ts fails if one of
 * them can reach a database module.
 */
export const WITHOUT_DATABASE: readonly string[] = [
  "tests/integration/ampeco-emulator/**",
  "tests/integration/platform-emulator/**",
  "tests/integration/auth/client-peer-address.test.ts",
  "tests/integration/graceful-shutdown.test.ts",
  "tests/integration/map/check-bundle-secrets.test.ts",
];

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
