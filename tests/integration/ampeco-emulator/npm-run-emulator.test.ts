import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { emulatorScriptArgs } from "../../support/emulator-script";

/** `npm run emulator` (scripts/emulator.ts) serves the dialect EMULATOR_DIALECT names, PLATFORM_DIALECT otherwise. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

let child: ChildProcess | null = null;
afterEach(() => {
  if (child?.pid !== undefined && child.exitCode === null) child.kill("SIGTERM");
  child = null;
});

async function startEmulatorScript(env: Record<string, string>): Promise<{ banner: string; base: string }> {
  const [port, mapPort] = [await freePort(), await freePort()];
  const proc: ChildProcess = spawn(process.execPath, emulatorScriptArgs(), {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      ...env,
      EMULATOR_PORT: String(port),
      EMULATOR_MAP_PORT: String(mapPort),
      DATA_DIR: "/tmp/emulator-script-test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let output = "";
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Map data emulator")) resolve();
    });
    proc.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    proc.once("exit", (code: number | null) => reject(new Error(`emulator exited with ${code}: ${output}`)));
  });
  return { banner: output.split("\n")[0] ?? "", base: `http://127.0.0.1:${port}` };
}

const status = async (base: string, path: string) =>
  (await fetch(`${base}${path}`, { headers: { authorization: "Bearer demo-key", accept: "application/json" } })).status;

describe("npm run emulator", () => {
  it("speaks ampeco with EMULATOR_DIALECT=ampeco", async () => {
    const { banner, base } = await startEmulatorScript({ EMULATOR_DIALECT: "ampeco" });
    expect(banner).toContain("(ampeco dialect)");
    expect(await status(base, "/public-api/resources/id-tags/v2.0?cursor=")).toBe(200);
    expect(await status(base, "/public-api/resources/tokens/v1.0")).toBe(404);
  }, 60_000);

  it("follows PLATFORM_DIALECT when EMULATOR_DIALECT is unset, and defaults to ampeco with its places", async () => {
    const { banner, base } = await startEmulatorScript({ PLATFORM_DIALECT: "contract" });
    expect(banner).toContain("(contract dialect)");
    expect(await status(base, "/public-api/resources/tokens/v1.0")).toBe(200);
    // The contract's platform has no locations assigned: every detail read is a 404.
    expect(await status(base, "/public-api/resources/locations/v2.0/501")).toBe(404);
    child?.kill("SIGTERM");
    const ampeco = await startEmulatorScript({});
    expect(ampeco.banner).toContain("(ampeco dialect)");
    expect(await status(ampeco.base, "/public-api/resources/tokens/v1.0")).toBe(404);
    expect(await status(ampeco.base, "/public-api/resources/locations/v2.0/501")).toBe(200);
  }, 60_000);
});
