import { describe, expect, it } from "vitest";
import { packFilename, parsePackPeriod, type PackPeriodResult } from "@/lib/features/expense-pack/period";
import { describePeriod, packChoices } from "@/lib/features/expense-pack/period-words";
import { translatorFor, type Translator } from "@/lib/core/i18n/translator";

// 2026-03-01 00:30 in Amsterdam is still February in UTC: the month is the service's time zone's.
const EARLY_MARCH = new Date("2026-02-28T23:30:00Z");
const t = translatorFor("en");
/** The result as the route handler words it: each field's problems in `words`' language. */
const worded = (result: PackPeriodResult, words: Translator = t) =>
  result.ok
    ? result
    : {
        ok: false,
        errors: Object.fromEntries(Object.entries(result.errors).map(([f, keys]) => [f, keys.map((k) => words(k))])),
      };
const parse = (query: string, now = EARLY_MARCH) => worded(parsePackPeriod(new URLSearchParams(query), now));
const accepted = (kind: string, from: string, to: string) => ({ ok: true, period: { kind, from, to } });

describe("the pack's period", () => {
  it("takes this and last month in the service's time zone, whole months, across a year end", () => {
    expect(parse("period=this-month")).toEqual(accepted("this-month", "2026-03-01", "2026-03-31"));
    expect(parse("period=last-month")).toEqual(accepted("last-month", "2026-02-01", "2026-02-28"));
    expect(parse("period=last-month", new Date("2026-01-15T12:00:00Z"))).toEqual(
      accepted("last-month", "2025-12-01", "2025-12-31"),
    );
    expect(parse("period=this-month", new Date("2028-02-10T12:00:00Z"))).toMatchObject({
      period: { to: "2028-02-29" },
    });
  });

  it("checks a custom range field by field, in words", () => {
    expect(parse("period=custom&from=2026-02-01&to=2026-02-14")).toEqual(
      accepted("custom", "2026-02-01", "2026-02-14"),
    );
    expect(parse("period=custom")).toEqual({
      ok: false,
      errors: { from: ["Enter the first day of the period."], to: ["Enter the last day of the period."] },
    });
    expect(parse("period=custom&from=2026-02-30&to=tomorrow")).toEqual({
      ok: false,
      errors: {
        from: ["Enter the first day as a date, like 2026-03-01."],
        to: ["Enter the last day as a date, like 2026-03-31."],
      },
    });
    expect(parse("period=custom&from=2026-02-14&to=2026-02-01")).toEqual({
      ok: false,
      errors: { to: ["The last day must be on or after the first day."] },
    });
    expect(parse("period=custom&from=2026-03-02&to=2026-03-05")).toEqual({
      ok: false,
      errors: { from: ["The period cannot start in the future."] },
    });
    expect(parse("period=custom&from=2024-01-01&to=2026-01-01")).toEqual({
      ok: false,
      errors: { to: ["A pack covers at most a year. Choose a shorter period."] },
    });
  });

  it("takes the list's filters by the list's own rules, and refuses an unknown period", () => {
    expect(parse("period=filters&status=finished&from=2026-01-01&to=nonsense")).toEqual({
      ok: true,
      period: { kind: "filters", from: "2026-01-01", to: undefined, status: "finished" },
    });
    expect(parse("period=everything")).toMatchObject({ ok: false, errors: { period: [expect.any(String)] } });
    expect(parse("")).toMatchObject({ ok: false });
  });

  it("names the file by the month, or by the first and last day", () => {
    expect(packFilename({ kind: "last-month", from: "2026-02-01", to: "2026-02-28" }, "2026-03-10")).toBe(
      "expense-pack-2026-02.zip",
    );
    expect(packFilename({ kind: "custom", from: "2026-02-01", to: "2026-02-14" }, "2026-03-10")).toBe(
      "expense-pack-2026-02-01-to-2026-02-14.zip",
    );
    expect(packFilename({ kind: "filters" }, "2026-03-10")).toBe("expense-pack-start-to-2026-03-10.zip");
  });

  it("describes the period and the dialog's choices in words", () => {
    const day = (d: string) => `<${d}>`;
    expect(describePeriod({ kind: "custom", from: "2026-02-01", to: "2026-02-14" }, day, t)).toBe(
      "<2026-02-01> to <2026-02-14>",
    );
    expect(describePeriod({ kind: "filters", from: "2026-02-01" }, day, t)).toBe("<2026-02-01> until today");
    expect(describePeriod({ kind: "filters" }, day, t)).toBe("All sessions");
    expect(packChoices(EARLY_MARCH, {}, t, "en")).toEqual({
      thisMonthLabel: "March 2026",
      lastMonthLabel: "February 2026",
      filters: undefined,
    });
    expect(packChoices(EARLY_MARCH, { status: "finished", from: "2026-01-01" }, t, "en").filters).toEqual({
      status: "finished",
      from: "2026-01-01",
      description: "1 Jan 2026 until today, finished sessions only.",
    });
  });

  it("says the period, the months and the field errors in the driver's language", () => {
    const filter = { status: "failed", from: "2026-01-01", to: "2026-01-31" } as const;
    expect(packChoices(EARLY_MARCH, filter, translatorFor("nl"), "nl")).toMatchObject({
      thisMonthLabel: "maart 2026",
      lastMonthLabel: "februari 2026",
      filters: { description: "1 jan 2026 tot en met 31 jan 2026, alleen mislukte laadsessies." },
    });
    expect(packChoices(EARLY_MARCH, filter, translatorFor("de"), "de")).toMatchObject({
      thisMonthLabel: "März 2026",
      filters: { description: "01.01.2026 bis 31.01.2026, nur fehlgeschlagene Ladevorgänge." },
    });
    expect(worded(parsePackPeriod(new URLSearchParams("period=custom"), EARLY_MARCH), translatorFor("de"))).toEqual({
      ok: false,
      errors: {
        from: ["Geben Sie den ersten Tag des Zeitraums ein."],
        to: ["Geben Sie den letzten Tag des Zeitraums ein."],
      },
    });
  });
});
