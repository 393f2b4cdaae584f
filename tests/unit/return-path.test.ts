import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/core/auth/return-path";

describe("safeReturnPath", () => {
  it("keeps local paths with query and hash", () => {
    expect(safeReturnPath("/sessions?status=finished#top")).toBe("/sessions?status=finished#top");
    expect(safeReturnPath("/admin")).toBe("/admin");
  });
  it("refuses a path that only grows too long once parsing percent-encodes it", () => {
    const umlauts = `/${"ä".repeat(100)}`; // 101 characters in, 601 out
    expect(umlauts.length).toBeLessThanOrEqual(512);
    expect(safeReturnPath(umlauts)).toBe("/account");
    expect(safeReturnPath(`/${"ä".repeat(50)}`)).toBe(`/${"%C3%A4".repeat(50)}`);
  });
  it("resolves harmless dot segments to the local path they name", () => {
    expect(safeReturnPath("/./cards")).toBe("/cards");
    expect(safeReturnPath("/sessions/../account")).toBe("/account");
  });
  it.each([
    "https://evil.example/x",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    "sessions",
    "/\u0000x",
    42,
    undefined,
    // Dot segments that resolve to a protocol-relative URL (found by the sign-in property test).
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/.//////C/f/I/",
  ])("refuses %s", (value) => {
    expect(safeReturnPath(value)).toBe("/account");
  });
});
