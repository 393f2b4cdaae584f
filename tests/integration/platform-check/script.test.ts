import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tsxScriptArgs } from "@/tests/support/emulator-script";

/**
 * `npm run platform:check` as an operator runs it: a plain Node process (tsx), outside Next, against the built-in
 * emulator. Every module the command loads must run there; the callbacks' rows once loaded the Next runtime and the
 * command died before its first row.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "platform-check-script-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runCheck(dialect: "ampeco" | "contract"): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...tsxScriptArgs("platform:check"), "--json"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "test",
          LOG_LEVEL: "warn",
          PLATFORM_DIALECT: dialect,
          PGLITE_DIR: path.join(dataDir, dialect),
          AUTH_URL: "http://localhost:3999",
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe("npm run platform:check", () => {
  it.each(["ampeco", "contract"] as const)(
    "runs in a plain Node process in the %s dialect and prints its rows as JSON",
    async (dialect) => {
      const { code, stdout, stderr } = await runCheck(dialect);
      expect(stderr).not.toMatch(/could not run|TypeError/);
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
        exitCode: number;
        rows: Array<{ check: string; result: string; call: boolean }>;
      };
      expect(code).toBe(report.exitCode);
      expect(report.rows.filter((row) => row.call).length).toBeGreaterThan(10);
      if (dialect === "ampeco") expect(report.rows.map((row) => row.check)).toContain("subscription");
      else expect(report.rows.map((row) => row.check)).toContain("callbacks");
    },
    150_000,
  );
});
