import { describe, expect, it } from "vitest";
import { AddCardInput, CardCodeSchema, VisualNumberSchema } from "@/lib/features/cards/card-input";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";

/** The schemas' messages are catalogue keys: what a driver reads is their English words. */
const inEnglish = (issues: Parameters<typeof toFieldErrors>[0]) => toFieldErrors(issues, translatorFor("en"));

describe("CardCodeSchema", () => {
  it("removes every kind of whitespace and upper-cases", () => {
    expect(CardCodeSchema.parse(" 04 a1 b2\tc3\nd4 ")).toBe("04A1B2C3D4");
    expect(CardCodeSchema.parse("app0001002")).toBe("APP0001002");
  });

  it.each([
    ["", "Enter the card code."],
    ["   ", "Enter the card code."],
    ["ab1", "4 to 32 letters or digits"],
    ["A".repeat(33), "4 to 32 letters or digits"],
    ["04-A1-B2", "4 to 32 letters or digits"],
    ["<script>", "4 to 32 letters or digits"],
    ["04Ä1B2C3", "4 to 32 letters or digits"],
  ])("refuses %j with a clear message", (input, message) => {
    const result = CardCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(inEnglish(result.error?.issues ?? [])._form?.[0]).toContain(message);
    // One message per problem: an empty code is not also told about the pattern.
    expect(result.error?.issues).toHaveLength(1);
  });

  it("accepts the bounds of 4 and 32 characters", () => {
    expect(CardCodeSchema.parse("abcd")).toBe("ABCD");
    expect(CardCodeSchema.parse("9".repeat(32))).toBe("9".repeat(32));
  });

  it("refuses a non-string", () => {
    expect(CardCodeSchema.safeParse(42).success).toBe(false);
  });
});

describe("VisualNumberSchema", () => {
  it("trims and keeps printed numbers as they are", () => {
    expect(VisualNumberSchema.parse("  NL-DPT-000123-4 ")).toBe("NL-DPT-000123-4");
    expect(VisualNumberSchema.parse("NL 123/45.6")).toBe("NL 123/45.6");
  });
  it.each(["", "  ", "x".repeat(65), "<b>1</b>", "-leading-dash"])("refuses %j", (input) => {
    expect(VisualNumberSchema.safeParse(input).success).toBe(false);
  });
  it("says how long a printed number may be", () => {
    const result = VisualNumberSchema.safeParse("x".repeat(65));
    expect(inEnglish(result.error?.issues ?? [])._form).toEqual(["The printed number can be at most 64 characters."]);
  });
});

describe("AddCardInput", () => {
  it("normalises the code; status is optional and limited to the platform's three", () => {
    expect(AddCardInput.parse({ code: "04 ab", visualNumber: "N1" })).toEqual({ code: "04AB", visualNumber: "N1" });
    expect(AddCardInput.parse({ code: "04ab", visualNumber: "N1", status: "blocked" }).status).toBe("blocked");
    expect(AddCardInput.safeParse({ code: "04ab", visualNumber: "N1", status: "stolen" }).success).toBe(false);
  });
  it("reports each bad field under its own name", () => {
    const result = AddCardInput.safeParse({ code: "x", visualNumber: "" });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(["code", "visualNumber"]);
  });
});
