import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  changesSharedState,
  filesThatChangeSharedState,
  integrationFilesOnTheDatabase,
  usesTheDatabaseItself,
} from "../support/suites";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function filesOf(pattern: string): string[] {
  const dir = pattern.slice(0, -"/**".length);
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith(".test.ts"));
}

// The Postgres pass (vitest.config.mts) runs again the integration files whose own code reads or writes the database.
describe("the integration files the Postgres pass runs", () => {
  const files = integrationFilesOnTheDatabase(root);

  it("are the storage suites: migrations, the bus, the limits, the downloads, the sessions' rows", () => {
    for (const file of [
      "tests/integration/db/migrations.test.ts",
      "tests/integration/live/bus.test.ts",
      "tests/integration/auth/rate-limit-property.test.ts",
      "tests/integration/downloads/download-job.test.ts",
      "tests/integration/sessions/service.test.ts",
    ])
      expect(files).toContain(file);
    expect(files.length).toBeGreaterThan(40);
  });

  it("leave out the emulators, the property files and the suites that reach the database only through services", () => {
    expect(files.some((file) => file.includes("/ampeco-emulator/") || file.includes("/platform-emulator/"))).toBe(
      false,
    );
    expect(files.some((file) => file.includes("/properties/"))).toBe(false);
    expect(files).not.toContain("tests/integration/platform-check/script.test.ts");
  });

  it("are told by an import of the database modules or a test database helper", () => {
    expect(usesTheDatabaseItself('import { users } from "@/lib/core/db/schema";')).toBe(true);
    expect(usesTheDatabaseItself('import { openTestDatabase } from "../../support/test-db";')).toBe(true);
    expect(usesTheDatabaseItself('import { installTestDatabase } from "../support/app-db";')).toBe(true);
    expect(usesTheDatabaseItself('import { openTestDatabase } from "@/tests/support/test-db";')).toBe(true);
    expect(usesTheDatabaseItself('import { getPlatform } from "@/lib/platform/client";')).toBe(false);
  });
});

// The unit project shares one module graph per worker (isolate: false), and the integration project the worker's
// packages; a file that mocks a module or sets a global or an env var would leak into the files after it, so those
// run in the `isolated` project.
describe("the files that run isolated", () => {
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

  it.each([
    ["tests/unit", ["tests/unit/i18n/current-locale.test.ts", "tests/unit/route-handlers/route-handler.test.ts"]],
    ["tests/integration", ["tests/integration/admin/actions.test.ts", "tests/integration/auth/passkeys.test.ts"]],
  ] as const)("include every file under %s that mocks a module (those failed in a shared graph)", (dir, known) => {
    const isolated = filesThatChangeSharedState(root, dir);
    for (const file of known) expect(isolated).toContain(file);
    const mocking = filesOf(`${dir}/**`).filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(mocking.length).toBeGreaterThan(3);
    for (const file of mocking) expect(isolated).toContain(file);
  });
});
