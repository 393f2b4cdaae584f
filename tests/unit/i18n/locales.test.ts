import { describe, expect, it } from "vitest";
import { supportedLocale } from "@/lib/core/i18n/accept-language";
import { intlLocale, isLocale } from "@/lib/core/i18n/locales";
import { formatKwh, formatMoney } from "@/lib/core/format";

describe("portal languages", () => {
  it("reads the first language the portal speaks from Accept-Language", () => {
    const headers = ["nl-BE,nl;q=0.9,en;q=0.8", "en-US,en;q=0.9,de;q=0.8", "fr;q=1,de;q=0.5", "de;q=0,nl;q=0.1", "*"];
    expect(headers.map(supportedLocale)).toEqual(["nl", "en", "de", "nl", "en"]);
    expect(supportedLocale(undefined)).toBe("en");
  });

  it("knows its three languages and nothing else", () => {
    expect(["en", "nl", "de"].every(isLocale)).toBe(true);
    expect(["fr", "EN", "", null, "de-DE"].some(isLocale)).toBe(false);
  });

  it("formats in each language's region: money and kWh as a Dutch and a German driver read them", () => {
    expect(intlLocale("de")).toBe("de-DE");
    expect(formatMoney(42.5, "EUR", "de")).toBe("42,50\u00a0€");
    expect(formatMoney(42.5, "EUR", "nl")).toBe("€\u00a042,50");
    expect(formatMoney(42.5, "EUR", "en")).toBe("€42.50");
    expect(formatKwh(12_340, "nl")).toBe("12,34 kWh");
    expect(formatKwh(12_340, "de")).toBe("12,34 kWh");
    expect(formatKwh(12_340, "en")).toBe("12.34 kWh");
  });
});
