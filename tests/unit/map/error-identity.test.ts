import { describe, expect, it, vi } from "vitest";

describe("map errors across module copies", () => {
  it("a route recognises MapUnavailableError thrown by another bundle's copy of the service", async () => {
    const first = await import("@/lib/features/map/errors");
    vi.resetModules();
    const second = await import("@/lib/features/map/errors");
    expect(second.MapUnavailableError).not.toBe(first.MapUnavailableError);
    const thrown = new first.MapUnavailableError("unavailable", "mapErrors.unavailable.unreachable", 30);
    expect(thrown instanceof second.MapUnavailableError).toBe(true);
    expect(new Error("x") instanceof second.MapUnavailableError).toBe(false);
  });
});
