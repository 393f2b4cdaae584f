import { describe, expect, it } from "vitest";
import { lostEvents, type TabRecord } from "@/bench/lib/soak-tabs";

/** The streams soak's count of lost events (bench/soak-streams.ts, issue 33): only what a tab should have read. */
const tab = (balances: number[]): TabRecord => ({
  driver: 7,
  openedAt: 10_000,
  closedAt: 20_000,
  balances: new Set(balances),
  connections: 1,
  serverEnded: 0,
  dropped: 0,
  refused: 0,
  signedOut: 0,
});
const published = [
  { platformUserId: 7, balance: 1, acceptedAt: 9_000 },
  { platformUserId: 7, balance: 2, acceptedAt: 12_000 },
  { platformUserId: 8, balance: 3, acceptedAt: 13_000 },
  { platformUserId: 7, balance: 4, acceptedAt: 16_000 },
  { platformUserId: 7, balance: 5, acceptedAt: 19_000 },
];

describe("lostEvents", () => {
  it("counts the tab's driver's events taken while it was open and never read", () => {
    expect(lostEvents(tab([2, 4]), published, 3_000)).toBe(0);
    expect(lostEvents(tab([2]), published, 3_000)).toBe(1);
    expect(lostEvents(tab([]), published, 3_000)).toBe(2);
    // Before the tab opened, another driver's, or too close to its close to be due: not lost.
    expect(lostEvents(tab([]), published, 0)).toBe(3);
  });
});
