import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/auth/return-path";

describe("safeReturnPath", () => {
  it("keeps local paths with query and hash", () => {
    expect(safeReturnPath("/sessions?status=finished#top")).toBe("/sessions?status=finished#top");
    expect(safeReturnPath("/admin")).toBe("/admin");
  });
  it.each(["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", "sessions", "/\u0000x", 42, undefined])(
    "refuses %s",
    (value) => {
      expect(safeReturnPath(value)).toBe("/account");
    },
  );
});
