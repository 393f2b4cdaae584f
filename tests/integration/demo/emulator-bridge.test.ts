import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "@/lib/core/config";

/**
 * Finding 7 of the security review: the demo bridge /api/emulator/… can reset, fault and read the
 * whole demo. It answers loopback clients only, and only in demo mode with the built-in platform.
 * (Cross-origin writes are refused before it by middleware.ts: tests/e2e/cross-origin.spec.ts.)
 */
const holder = vi.hoisted(() => ({ forwardedFor: "127.0.0.1" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": holder.forwardedFor }) }));

const bridge = await import("@/app/api/emulator/[...path]/route");
const globals = globalThis as {
  __driverPortalConfig?: unknown;
  __driverPortalPeerAddressHook?: boolean;
  __driverPortalPlatformEmulator?: unknown;
};
const dataDir = mkdtempSync(path.join(tmpdir(), "driver-portal-bridge-"));

function call(method: string, segments: string[]) {
  return bridge[method as "GET"](new Request(`http://localhost/api/emulator/${segments.join("/")}`, { method }), {
    params: Promise.resolve({ path: segments }),
  });
}

beforeEach(() => {
  globals.__driverPortalPeerAddressHook = true;
  globals.__driverPortalConfig = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
});
afterAll(() => {
  delete globals.__driverPortalPeerAddressHook;
  globals.__driverPortalConfig = undefined;
  globals.__driverPortalPlatformEmulator = undefined;
});

describe("the demo emulator bridge", () => {
  it("answers a client on this machine", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      holder.forwardedFor = address;
      expect((await call("GET", ["__emulator", "state"])).status, address).toBe(200);
    }
  });

  it("does not exist for a client elsewhere, whatever it writes into X-Forwarded-For", async () => {
    for (const forwardedFor of ["192.0.2.10", "127.0.0.1, 192.0.2.10", "::ffff:10.1.2.3"]) {
      holder.forwardedFor = forwardedFor;
      const absent = await call("GET", ["__emulator", "state"]);
      expect(absent.status, forwardedFor).toBe(404);
      expect(await absent.json(), forwardedFor).toEqual({ error: "Not found" });
      expect((await call("POST", ["__emulator", "reset"])).status, forwardedFor).toBe(404);
    }
  });

  it("does not exist outside demo mode with the built-in platform", async () => {
    holder.forwardedFor = "127.0.0.1";
    globals.__driverPortalConfig = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PLATFORM_BASE_URL: "https://tenant.example.com",
      PLATFORM_API_KEY: "key",
      DEMO_MODE: "true",
    });
    expect((await call("GET", ["__emulator", "state"])).status).toBe(404);
  });
});
