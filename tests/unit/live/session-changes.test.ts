import { describe, expect, it } from "vitest";
import type { LiveSessionChange } from "@/lib/features/live/shared";
import { applySessionChange, type LiveSessionsResponse } from "@/lib/features/sessions/live-view";

/** Issue 27: the live panel takes session changes from the event stream in any order, never going back. */
const initial: LiveSessionsResponse = {
  sessions: [
    {
      id: "7",
      status: "charging",
      startedAt: "2026-03-14T09:40:00.000Z",
      startedAtLocal: "2026-03-14T10:40:00+01:00",
      energyWh: 100,
      amount: 0.04,
      currency: "EUR",
      locationId: 501,
    },
  ],
  checkedAt: "2026-03-14T10:00:00Z",
};

const change = (over: Partial<LiveSessionChange>): LiveSessionChange => ({
  id: "7",
  status: "charging",
  startedAt: "2026-03-14T09:40:00Z",
  stoppedAt: null,
  energyWh: 200,
  amount: 0.08,
  currency: "EUR",
  updatedAt: "2026-03-14T10:01:00Z",
  ...over,
});

describe("applySessionChange", () => {
  it("updates a running session's figures in place and keeps what the change does not carry", () => {
    const next = applySessionChange(initial, change({}), new Map());
    expect(next.sessions).toEqual([{ ...initial.sessions[0], energyWh: 200, amount: 0.08 }]);
    expect(next.checkedAt).toBe("2026-03-14T10:01:00Z");
  });

  it("drops a change older than one already taken, and never brings a finished session back", () => {
    const seen = new Map<string, number>();
    let state = applySessionChange(initial, change({ energyWh: 300, updatedAt: "2026-03-14T10:02:00Z" }), seen);
    state = applySessionChange(state, change({ energyWh: 200, updatedAt: "2026-03-14T10:01:00Z" }), seen);
    expect(state.sessions[0]!.energyWh).toBe(300);
    state = applySessionChange(state, change({ status: "finished", updatedAt: "2026-03-14T10:03:00Z" }), seen);
    expect(state.sessions).toEqual([]);
    state = applySessionChange(state, change({ energyWh: 350, updatedAt: "2026-03-14T10:02:30Z" }), seen);
    expect(state.sessions).toEqual([]);
  });

  it("never lowers a running session's energy or cost below the page's read (a change computed before it)", () => {
    const read = { ...initial, sessions: [{ ...initial.sessions[0]!, energyWh: 3050, amount: 1.22 }] };
    const next = applySessionChange(read, change({ energyWh: 3044, amount: 1.21 }), new Map());
    expect(next.sessions.map((s) => [s.energyWh, s.amount])).toEqual([[3050, 1.22]]);
  });

  it("adds a session that started after the page was read", () => {
    const next = applySessionChange(initial, change({ id: "8", energyWh: 5 }), new Map());
    expect(next.sessions.map((s) => [s.id, s.energyWh, s.locationId])).toEqual([
      ["7", 100, 501],
      ["8", 5, null],
    ]);
  });
});
