import { describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  durationBetween,
  formatDuration,
  formatKwh,
  formatLocalTime,
  formatMoney,
  formatSignedMoney,
  numberFormat,
  whToKwh,
  type DurationWords,
} from "@/lib/core/format";
import { translatorFor } from "@/lib/core/i18n/translator";

describe("energy", () => {
  it("turns Wh into kWh with two decimals", () => {
    expect(whToKwh(12345)).toBe(12.345);
    expect(formatKwh(12345)).toBe("12.35 kWh");
    expect(formatKwh(0)).toBe("0.00 kWh");
    expect(formatKwh(1_234_567)).toBe("1,234.57 kWh");
  });
});

describe("money", () => {
  it("formats in the account currency", () => {
    expect(formatMoney(42.5, "EUR")).toBe("€42.50");
    expect(formatMoney(42.5, "EUR", "nl-NL").replace(/\s/g, " ")).toBe("€ 42,50");
    expect(formatMoney(3, "GBP")).toBe("£3.00");
  });
  it("copes with no currency and an unknown code", () => {
    expect(formatMoney(0, null)).toBe("0.00");
    expect(formatMoney(1.5, "XX1")).toBe("1.50 XX1");
  });
});

describe("local time", () => {
  it("shows the wall-clock time the platform states, whatever the offset", () => {
    expect(formatLocalTime("2026-03-14T18:02:11+01:00")).toBe("14 Mar 2026, 18:02");
    expect(formatLocalTime("2026-07-01T09:05:00+02:00")).toBe("1 Jul 2026, 09:05");
  });
  it("shows a dash for missing or malformed values", () => {
    expect(formatLocalTime(null)).toBe("—");
    expect(formatLocalTime("yesterday")).toBe("—");
  });
});

describe("durations", () => {
  const words = (locale: "en" | "nl" | "de"): DurationWords => {
    const t = translatorFor(locale);
    return (key, values) => t(`duration.${key}`, values);
  };
  const t = words("en");

  it("formats minutes and hours", () => {
    expect(formatDuration(30_000, t)).toBe("under a minute");
    expect(formatDuration(42 * 60_000, t)).toBe("42 min");
    expect(formatDuration(65 * 60_000, t)).toBe("1 h 05 min");
    expect(formatDuration(null, t)).toBe("—");
    expect(formatDuration(-5, t)).toBe("—");
  });
  it("takes its words from the catalogue of the page's language", () => {
    expect(formatDuration(65 * 60_000, words("nl"))).toBe("1 u 05 min");
    expect(formatDuration(65 * 60_000, words("de"))).toBe("1 Std. 05 Min.");
    expect(formatDuration(30_000, words("de"))).toBe("unter einer Minute");
  });
  it("measures between timestamps with offsets", () => {
    expect(durationBetween("2026-03-14T18:00:00+01:00", "2026-03-14T17:30:00Z")).toBe(30 * 60_000);
    expect(durationBetween("2026-03-14T18:00:00+01:00", null)).toBeNull();
  });
});

describe("formatter cache", () => {
  it("builds one formatter per locale and option set and reuses it", () => {
    expect(numberFormat("en-GB", { maximumFractionDigits: 1 })).toBe(
      numberFormat("en-GB", { maximumFractionDigits: 1 }),
    );
    expect(numberFormat("en-GB", { maximumFractionDigits: 1 })).not.toBe(
      numberFormat("nl-NL", { maximumFractionDigits: 1 }),
    );
    expect(numberFormat("en-GB", { maximumFractionDigits: 1 })).not.toBe(
      numberFormat("en-GB", { maximumFractionDigits: 2 }),
    );
    const utc = { dateStyle: "medium", timeZone: "UTC" } as const;
    expect(dateTimeFormat("en-GB", utc)).toBe(dateTimeFormat("en-GB", { ...utc }));
    expect(dateTimeFormat("en-GB", utc)).not.toBe(dateTimeFormat("en-GB", { ...utc, timeZone: "Europe/Amsterdam" }));
  });

  it("stays bounded: after many other option sets, an early formatter is built again", () => {
    const first = numberFormat("en-GB", { minimumIntegerDigits: 1, maximumFractionDigits: 0 });
    for (let digits = 1; digits <= 21; digits++) {
      for (let fraction = 0; fraction <= 20; fraction++)
        numberFormat("en-GB", { minimumIntegerDigits: digits, maximumFractionDigits: fraction });
    }
    const again = numberFormat("en-GB", { minimumIntegerDigits: 1, maximumFractionDigits: 0 });
    expect(again).not.toBe(first);
    expect(again.format(3.7)).toBe("4");
  });

  it("caches nothing that failed: a bad currency falls back every time, a bad locale still throws", () => {
    expect(formatMoney(1.5, "XX1")).toBe("1.50 XX1");
    expect(formatMoney(1.5, "XX1")).toBe("1.50 XX1");
    expect(() => numberFormat("not a locale!", {})).toThrow(RangeError);
    expect(() => numberFormat("not a locale!", {})).toThrow(RangeError);
  });
});

describe("formatSignedMoney", () => {
  it("writes a credit with a plus, a debit with a real minus sign, and 0 plain, in each language", () => {
    expect(formatSignedMoney(10, "EUR")).toBe("+€10.00");
    expect(formatSignedMoney(-3.2, "EUR")).toBe("\u2212€3.20");
    expect(formatSignedMoney(-0.001, "EUR")).toBe("€0.00");
    expect(formatSignedMoney(-3.2, "EUR", "de").replace(/\s/g, " ")).toBe("\u22123,20 €");
    expect(formatSignedMoney(10, "EUR", "nl").replace(/\s/g, " ")).toBe("+€ 10,00");
  });
});
