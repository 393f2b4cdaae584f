import { describe, expect, it, vi } from "vitest";

/**
 * Next bundles server modules more than once (pages and actions, route handlers) while the platform
 * client is shared: an error thrown by one bundle's classes must still match the other's.
 */
describe("platform errors across module copies", () => {
  it("instanceof works between two separately loaded copies of the error module", async () => {
    const first = await import("@/lib/platform/errors");
    vi.resetModules();
    const second = await import("@/lib/platform/errors");
    expect(second.PlatformNotFoundError).not.toBe(first.PlatformNotFoundError);

    const thrown = new first.PlatformNotFoundError("users.get");
    expect(thrown instanceof second.PlatformNotFoundError).toBe(true);
    expect(thrown instanceof second.PlatformError).toBe(true);
    expect(second.isPlatformError(thrown)).toBe(true);
    expect(thrown instanceof second.VoucherRejectedError).toBe(false);
    expect(thrown instanceof second.PlatformUnavailableError).toBe(false);
    expect(new Error("x") instanceof second.PlatformError).toBe(false);
  });
});
