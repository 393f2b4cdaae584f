import { describe, expect, it } from "vitest";
import { addMonths, isCalendarDate, nextDay, startOfZonedDay, zonedDate } from "@/lib/sessions/zoned-time";

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
