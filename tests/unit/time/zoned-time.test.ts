import { describe, expect, it } from "vitest";
import { addMonths, isCalendarDate, nextDay, startOfZonedDay, toZonedIso, zonedDate } from "@/lib/core/zoned-time";

describe("zoned calendar helpers", () => {
  it("finds local midnight across DST changes", () => {
    expect(startOfZonedDay("2026-01-15", "Europe/Amsterdam").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfZonedDay("2026-03-29", "Europe/Amsterdam").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfZonedDay("2026-03-30", "Europe/Amsterdam").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfZonedDay("2026-10-25", "Europe/Amsterdam").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfZonedDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });

  it("validates calendar dates and steps days and months", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-1-1")).toBe(false);
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2025-12", 13)).toBe("2027-01");
    expect(zonedDate(new Date("2026-03-14T23:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-15");
  });
});

describe("toZonedIso", () => {
  it("writes the wall clock with the offset of that instant, across DST", () => {
    expect(toZonedIso(new Date("2026-03-14T17:02:11.900Z"), "Europe/Amsterdam")).toBe("2026-03-14T18:02:11+01:00");
    expect(toZonedIso(new Date("2026-07-01T12:00:00Z"), "Europe/Amsterdam")).toBe("2026-07-01T14:00:00+02:00");
    expect(toZonedIso(new Date("2026-03-29T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-03-29T03:00:00+02:00");
    expect(toZonedIso(new Date("2026-01-05T10:00:00Z"), "America/St_Johns")).toBe("2026-01-05T06:30:00-03:30");
  });
  it("changes its offset exactly at the DST switches, hour by hour over two years", () => {
    // Amsterdam is +01:00 in winter and +02:00 from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
    const lastSunday = (year: number, month: number) => {
      const last = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
    };
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const year = new Date(t).getUTCFullYear();
      const summer = t >= lastSunday(year, 2) && t < lastSunday(year, 9);
      expect(
        toZonedIso(new Date(t), "Europe/Amsterdam").endsWith(summer ? "+02:00" : "+01:00"),
        new Date(t).toISOString(),
      ).toBe(true);
    }
  });
});
