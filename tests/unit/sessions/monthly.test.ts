import { describe, expect, it } from "vitest";
import type { ChargingSession } from "@/lib/platform/types";
import {
  lastTwelveMonths,
  monthAxisLabel,
  monthLabel,
  MonthlyAggregator,
  monthlyWindowStart,
  sessionMonth,
} from "@/lib/features/sessions/monthly";
import { running, session } from "./fixtures";

const NOW = new Date("2026-03-14T12:00:00Z");

/** The chart's aggregator fed the way the sessions service feeds it: one session at a time. */
function aggregateMonthly(sessions: readonly ChargingSession[], now: Date) {
  const aggregator = new MonthlyAggregator(now);
  for (const s of sessions) aggregator.add(s);
  return aggregator.result();
}

describe("monthly aggregation", () => {
  it("has exactly the last 12 months, oldest first, empty months included", () => {
    const totals = aggregateMonthly([], NOW);
    expect(totals.map((t) => t.month)).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    expect(totals[0]).toEqual({
      month: "2025-04",
      energyWh: 0,
      amount: 0,
      sessionCount: 0,
      runningCount: 0,
    });
  });

  it("names the months in the page's language, three letters under the bars", () => {
    expect(monthLabel("2025-04", "en")).toBe("Apr 2025");
    expect(monthLabel("2026-03", "nl")).toBe("mrt 2026");
    expect(monthLabel("2026-03", "de")).toBe("März 2026");
    expect(["2025-09", "2026-03"].map((m) => monthAxisLabel(m, "en"))).toEqual(["Sep", "Mar"]);
    expect(["2025-09", "2026-03"].map((m) => monthAxisLabel(m, "nl"))).toEqual(["sep", "mrt"]);
    expect(["2025-09", "2026-03"].map((m) => monthAxisLabel(m, "de"))).toEqual(["Sep", "Mär"]);
  });

  it("adds energy and cost per month, cent-exact", () => {
    const totals = aggregateMonthly(
      [
        session({ id: "1", energyWh: 10_000, amount: 0.1 }),
        session({ id: "2", energyWh: 5_500, amount: 0.2, startedAtLocal: "2026-03-01T00:10:00+01:00" }),
        session({ id: "3", energyWh: 7_000, amount: 2.73, startedAtLocal: "2025-12-24T18:00:00+01:00" }),
        session({ id: "4", energyWh: 40, amount: 0, status: "failed", startedAtLocal: "2025-12-25T09:00:00+01:00" }),
      ],
      NOW,
    );
    const byMonth = Object.fromEntries(totals.map((t) => [t.month, t]));
    expect(byMonth["2026-03"]).toMatchObject({ energyWh: 15_500, amount: 0.3, sessionCount: 2 });
    expect(byMonth["2025-12"]).toMatchObject({ energyWh: 7_040, amount: 2.73, sessionCount: 2 });
    expect(byMonth["2026-02"]).toMatchObject({ energyWh: 0, amount: 0, sessionCount: 0 });
  });

  it("leaves running sessions out of the totals and marks them", () => {
    const totals = aggregateMonthly(
      [session({ energyWh: 1_000, amount: 1 }), running({ energyWh: 9_999, amount: 9 })],
      NOW,
    );
    expect(totals.at(-1)).toMatchObject({ energyWh: 1_000, amount: 1, sessionCount: 1, runningCount: 1 });
  });

  it("ignores sessions outside the window", () => {
    const totals = aggregateMonthly(
      [
        session({ startedAtLocal: "2025-03-31T23:00:00+02:00" }),
        session({ startedAtLocal: "2026-04-01T00:00:00+02:00" }),
      ],
      NOW,
    );
    expect(totals.every((t) => t.sessionCount === 0)).toBe(true);
  });

  it("uses the charge point's local month, else the UTC start in Amsterdam", () => {
    expect(sessionMonth({ startedAtLocal: "2026-03-01T00:30:00+01:00", startedAt: "2026-02-28T23:30:00Z" })).toBe(
      "2026-03",
    );
    expect(sessionMonth({ startedAtLocal: null, startedAt: "2026-02-28T23:30:00Z" })).toBe("2026-03");
    expect(sessionMonth({ startedAtLocal: null, startedAt: null })).toBeNull();
  });

  it("starts the platform query at local midnight of the first month, across year ends", () => {
    expect(monthlyWindowStart(NOW)).toBe("2025-03-31T22:00:00Z");
    expect(lastTwelveMonths(new Date("2026-01-31T23:30:00Z"))).toEqual(expect.arrayContaining(["2025-03", "2026-02"]));
    expect(lastTwelveMonths(new Date("2026-01-31T23:30:00Z"))[0]).toBe("2025-03");
  });
});
