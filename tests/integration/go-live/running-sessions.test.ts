import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import type { SessionDeps } from "@/lib/features/sessions/deps";
import { listRunningSessions } from "@/lib/features/sessions/service";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 34, "What breaks" 5: running sessions come from `filter[status]` (the subset's `pending` and `active`), not
 * from a week's window capped at 100: a session that has run for ten days, or one behind a busy week, is found.
 */
const DAY = 86_400_000;
const SESSIONS = "/public-api/resources/sessions/v1.0";

const h = serviceHarnessForSuite({ dialect: "ampeco" });
let deps: SessionDeps;
beforeAll(() => {
  deps = { platform: h.client, getDb: async () => h.db.db, now: () => new Date() };
});

const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** The second driver's running sessions, added through the control API: their wire ids. */
async function addRunning(startedDaysAgo: number, status: "started" | "charging" = "charging"): Promise<string> {
  const { data } = await h.control("POST", `/users/${SECOND_DRIVER_ID}/sessions`, {
    running: true,
    status,
    startedAt: isoDaysAgo(startedDaysAgo),
  });
  return String(data[0].id);
}

describe("running sessions", () => {
  it("finds a session that started ten days ago and one still pending, by status, with no date filter", async () => {
    const charging = await addRunning(10);
    const pending = await addRunning(0.01, "started");
    const running = await listRunningSessions(SECOND_DRIVER_ID, deps);
    expect(running.map((s) => [s.id, s.status])).toEqual([
      [pending, "started"],
      [charging, "charging"],
    ]);
    const reads = h.sent.filter((r) => r.path === SESSIONS);
    expect(reads).toHaveLength(2);
  });

  it("asks the listing for filter[status]=active and =pending only, never for a start window", async () => {
    await listRunningSessions(DEMO_DRIVER_ID, deps);
    const log = (await h.state()).requestLog.filter((e) => e.path === SESSIONS);
    const queries = log.map((e) => new URLSearchParams(e.query));
    expect(queries.map((q) => q.get("filter[status]")).sort()).toEqual(["active", "pending"]);
    for (const q of queries) {
      expect(q.get("filter[userId]")).toBe(String(DEMO_DRIVER_ID));
      expect(q.has("filter[startedAfter]")).toBe(false);
      expect(q.has("filter[startedBefore]")).toBe(false);
    }
  });

  it("finds the running session behind more than 100 sessions of the last week", async () => {
    // Each batch puts 50 sessions three hours apart: three batches, 150 sessions within six and a half days.
    for (const hoursAgo of [1, 2, 3]) {
      await h.control("POST", `/users/${SECOND_DRIVER_ID}/sessions`, {
        count: 50,
        startedAt: isoDaysAgo(hoursAgo / 24),
        stoppedAt: isoDaysAgo(hoursAgo / 24 - 0.01),
      });
    }
    const charging = await addRunning(6.8);
    expect((await listRunningSessions(SECOND_DRIVER_ID, deps)).map((s) => s.id)).toEqual([charging]);
  });
});
