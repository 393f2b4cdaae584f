import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions } from "@/lib/countries";

describe("country options", () => {
  it("lists every platform country once, named in the locale and sorted by that name", () => {
    const options = countryOptions("en-GB");
    expect(options.map((o) => o.value).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(options.find((o) => o.value === "NL")?.label).toBe("Netherlands");
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en-GB")));
    expect(countryOptions("de-DE").find((o) => o.value === "NL")?.label).toBe("Niederlande");
  });

  it("builds each locale's list once: every page render gets the same frozen list", () => {
    const first = countryOptions("en-GB");
    expect(countryOptions("en-GB")).toBe(first);
    expect(countryOptions()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as { value: string; label: string }[]).push({ value: "XX", label: "Nowhere" })).toThrow(
      TypeError,
    );
  });

  it("falls back to the code when the locale is unusable", () => {
    expect(countryName("NL", "not a locale!")).toBe("NL");
    expect(countryOptions("not a locale!").find((o) => o.value === "NL")?.label).toBe("NL");
  });
});
