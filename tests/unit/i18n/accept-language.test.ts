import { describe, expect, it } from "vitest";
import { preferredLocale, requestLocale } from "@/lib/core/i18n/accept-language";

describe("preferredLocale", () => {
  it("takes the highest-weighted language of Accept-Language", () => {
    expect(preferredLocale("nl-NL,nl;q=0.9,en;q=0.8")).toBe("nl-NL");
    expect(preferredLocale("en;q=0.5, de;q=0.9")).toBe("de");
    expect(preferredLocale("*;q=1, fr;q=0.2")).toBe("fr");
  });
  it("falls back to en for missing or unusable headers", () => {
    expect(preferredLocale(null)).toBe("en");
    expect(preferredLocale("")).toBe("en");
    expect(preferredLocale("<script>")).toBe("en");
    expect(preferredLocale("nl;q=0")).toBe("en");
  });
});

describe("requestLocale", () => {
  const request = (acceptLanguage?: string) =>
    new Request("http://localhost/api/map/points", {
      headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    });

  it("weighs the languages of a request the way the pages do (the map once took the first tag only)", () => {
    expect(requestLocale(request("nl;q=0.5, de"))).toBe("de");
    expect(requestLocale(request("*, fr;q=0.4"))).toBe("fr");
  });
  it("falls back to en without a header", () => {
    expect(requestLocale(request())).toBe("en");
  });
});
