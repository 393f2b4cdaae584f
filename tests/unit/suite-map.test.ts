import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { changesSharedState, unitFilesThatChangeSharedState, WITHOUT_DATABASE } from "../support/suites";

// The Postgres pass leaves out the suites of WITHOUT_DATABASE (vitest.config.mts). That is only sound while none of
// them can reach a database: not through its own imports, nor through any module those import in turn.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DATABASE_MODULES = [/^lib\/db\//, /^tests\/support\/(test-db|app-db)\.ts$/, /^@electric-sql\/pglite/, /^pg$/];

function filesOf(pattern: string): string[] {
  if (!pattern.endsWith("/**")) return [pattern];
  const dir = pattern.slice(0, -"/**".length);
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith(".test.ts"));
}

/** The project file an import names, or the package name for a bare import. */
function resolveImport(from: string, specifier: string): string {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return specifier;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

/** The chain of imports from `file` to a database module, or null. Static and dynamic imports both count. */
function pathToDatabase(file: string, seen = new Set<string>()): string[] | null {
  if (DATABASE_MODULES.some((pattern) => pattern.test(file))) return [file];
  if (seen.has(file) || !/\.(ts|tsx|mjs)$/.test(file) || !existsSync(path.join(root, file))) return null;
  seen.add(file);
  const source = readFileSync(path.join(root, file), "utf8");
  for (const [, specifier] of source.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
    const chain = pathToDatabase(resolveImport(file, specifier!), seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

describe("the suites the Postgres pass leaves out", () => {
  const files = WITHOUT_DATABASE.flatMap(filesOf);

  it("exist", () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("reach no database module through their imports", () => {
    expect(files.map((file) => pathToDatabase(file)?.join(" → ")).filter(Boolean)).toEqual([]);
  });

  it("would be found out if they did", () => {
    expect(pathToDatabase("tests/integration/driver-services/vouchers.test.ts")).not.toBeNull();
  });
});

// The unit project shares one module graph per worker (isolate: false); a file that mocks a module or sets a global
// or an env var would leak into the files after it, so those run isolated in `unit+integration`.
describe("the unit files that run isolated", () => {
  it("are those that mock a module or set a global or an env var", () => {
    // Written in pieces, so that this file's own text is not taken for what it plants.
    const [vi, env, global] = ["vi.", "process.env", "globalThis"];
    expect(changesSharedState(`${vi}mock("next/headers", () => ({}));`)).toBe(true);
    expect(changesSharedState(`${vi}stubEnv("LOG_LEVEL", "debug");`)).toBe(true);
    expect(changesSharedState(`${env}.AUTH_URL = "https://portal.example";`)).toBe(true);
    expect(changesSharedState(`${env}["AUTH_URL"] = "x";`)).toBe(true);
    expect(changesSharedState(`delete ${env}.AUTH_URL;`)).toBe(true);
    expect(changesSharedState(`${global}.fetch = fakeFetch;`)).toBe(true);
    expect(changesSharedState(`expect(${env}.AUTH_URL === "x").toBe(false);`)).toBe(false);
    expect(changesSharedState(`const copy = { ...${env}, LOG_LEVEL: "warn" };`)).toBe(false);
  });

  it("include every unit file that mocks a module (those failed when run in one module graph)", () => {
    const isolated = unitFilesThatChangeSharedState(root);
    expect(isolated).toContain("tests/unit/i18n/current-locale.test.ts");
    expect(isolated).toContain("tests/unit/route-handlers/route-handler.test.ts");
    const mocking = filesOf("tests/unit/**").filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(mocking.length).toBeGreaterThan(3);
    for (const file of mocking) expect(isolated).toContain(file);
  });
});
