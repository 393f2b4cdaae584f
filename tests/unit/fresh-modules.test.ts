import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

it("each integration file starts with the project's modules unloaded and no portal global left (fresh-modules.ts)", async () => {
  const before = await import("@/lib/core/csv");
  vi.stubGlobal("__driverPortalLeftOver", "from the file before");
  vi.stubGlobal("unrelatedGlobal", "kept");
  await import("../support/fresh-modules");
  expect(await import("@/lib/core/csv")).not.toBe(before);
  expect("__driverPortalLeftOver" in globalThis).toBe(false);
  expect((globalThis as Record<string, unknown>).unrelatedGlobal).toBe("kept");
});
