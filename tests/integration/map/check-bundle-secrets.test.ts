import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The bundle secret scan (scripts/check-bundle-secrets.mjs) that CI runs after `next build`,
 * exercised on a fake build output so we know it catches a leak and never passes vacuously.
 */

const SCRIPT = path.join(process.cwd(), "scripts", "check-bundle-secrets.mjs");
let dir: string | null = null;

async function fakeBuild(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), "bundle-scan-"));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

function scan(buildDir: string, env: Record<string, string> = {}, extra: string[] = []) {
  return spawnSync(process.execPath, [SCRIPT, "--dir", buildDir, ...extra], {
    // A clean environment, so the caller's own keys don't leak into what the scan looks for.
    env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
}

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe("check-bundle-secrets", () => {
  it("fails when a configured key is in a client chunk, naming the variable but not the key", async () => {
    const build = await fakeBuild({
      "static/chunks/app/map.js": 'fetch("/x",{headers:{"X-API-Key":"real-map-key-123"}})',
    });
    const result = scan(build, { MAP_API_KEY: "real-map-key-123" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("MAP_API_KEY found in");
    expect(result.stderr).not.toContain("real-map-key-123");
  });

  it("checks prerendered pages and the emulators' default keys too", async () => {
    const build = await fakeBuild({ "static/chunks/a.js": "ok", "server/app/map.html": "<p>demo-map-key</p>" });
    const result = scan(build);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("EMULATOR_MAP_KEY found in");
  });

  it("passes a clean build and reports what it checked", async () => {
    const build = await fakeBuild({
      "static/chunks/a.js": "console.log('hello')",
      "server/app/index.html": "<p>hi</p>",
    });
    const result = scan(build, { PLATFORM_API_KEY: "platform-secret-xyz" }, ["another-secret"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/2 files checked for 5 secrets, none found/);
  });

  it("fails, never passes, when there is no build to scan", async () => {
    const result = scan(path.join(tmpdir(), "no-such-build-dir"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("run next build first");
  });
});
