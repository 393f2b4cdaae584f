import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionOwnership } from "@/lib/core/db/schema";
import { matchesSessionFilter, rangeToInstants } from "@/lib/features/sessions/filters";
import { confirmSessionOwnership } from "@/lib/features/sessions/ownership";
import {
  getOwnedSession,
  getSessionsAtAGlance,
  getSessionsOverview,
  iterateDriverSessionPages,
  iterateDriverSessions,
  listDriverSessions,
  listRunningSessions,
} from "@/lib/features/sessions/service";
import {
  createSessionsHarness,
  sessionsHarnessForSuite,
  DEMO_DRIVER_ID,
  detailReads,
  listReads,
  SECOND_DRIVER_ID,
  START,
  type SessionsHarness,
} from "./harness";
import { inDialect } from "../../support/platform-dialect";

const h = sessionsHarnessForSuite({ resetBeforeEach: true });

beforeEach(async () => {
  await h.opened.db.delete(sessionOwnership);
});

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of source) all.push(item);
  return all;
}

describe("listDriverSessions", () => {
  it("pages through the driver's own list and remembers every listed id as theirs", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const page = await listDriverSessions(DEMO_DRIVER_ID, { page: 2, perPage: 25 }, h.deps);
    expect(page.items.map((s) => s.id)).toEqual(all.slice(25, 50).map((s) => s.id));
    if (h.dialect === "contract") {
      expect(page).toMatchObject({
        page: 2,
        perPage: 25,
        total: all.length,
        hasNext: true,
        lastPage: Math.ceil(all.length / 25),
      });
      expect(listReads(h.requests).map((u) => u.searchParams.get("page"))).toEqual(["2"]);
    } else {
      // AMPECO documents no order (issue 24): page 2 comes from the newest windows of a walk back in
      // time, read by cursor and sorted here. A cursor list has no totals, so the page counts what the
      // walk saw (more than the two pages, to know there is a next one) and the last page is unknown.
      expect(page).toMatchObject({ page: 2, perPage: 25, hasNext: true, lastPage: null });
      expect(page.total).toBeGreaterThan(50);
      const reads = listReads(h.requests);
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((u) => !u.searchParams.has("page") && u.searchParams.get("cursor") !== null)).toBe(true);
      expect(reads.every((u) => u.searchParams.has("filter[startedAfter]"))).toBe(true);
    }
    const remembered = await h.opened.db
      .select()
      .from(sessionOwnership)
      .where(eq(sessionOwnership.platformUserId, DEMO_DRIVER_ID));
    expect(remembered.map((r) => r.sessionId).sort()).toEqual(page.items.map((s) => s.id).sort());
  });

  it("filters by status and an inclusive day range", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const filter = { status: "finished" as const, from: "2026-01-01", to: "2026-02-28" };
    const instants = rangeToInstants(filter);
    const expected = all.filter((s) =>
      matchesSessionFilter({ ...s, startedAt: null }, { status: filter.status, ...instants }),
    );
    expect(expected.length).toBeGreaterThan(20);
    const page = await listDriverSessions(DEMO_DRIVER_ID, { ...filter, page: 1, perPage: 100 }, h.deps);
    expect(page.items.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(page.total).toBe(expected.length);
    // AMPECO: the walk's two windows over the two months (a month first, then the rest of the range).
    expect(listReads(h.requests)).toHaveLength(h.dialect === "contract" ? 1 : 2);
  });

  it("gives the same pages on a platform that ignores the extra filters", async () => {
    const filter = { status: "failed" as const, from: "2025-06-01", to: "2026-03-14", perPage: 2 };
    const honoured = [
      await listDriverSessions(DEMO_DRIVER_ID, { ...filter, page: 1 }, h.deps),
      await listDriverSessions(DEMO_DRIVER_ID, { ...filter, page: 2 }, h.deps),
    ];
    h.setContractOnly(true);
    const ignored = [
      await listDriverSessions(DEMO_DRIVER_ID, { ...filter, page: 1 }, h.deps),
      await listDriverSessions(DEMO_DRIVER_ID, { ...filter, page: 2 }, h.deps),
    ];
    expect(ignored.map((p) => p.items.map((s) => s.id))).toEqual(honoured.map((p) => p.items.map((s) => s.id)));
    expect(ignored.map((p) => p.hasNext)).toEqual(honoured.map((p) => p.hasNext));
    if (h.dialect === "contract") {
      expect(ignored.map((p) => p.total)).toEqual(honoured.map((p) => p.total));
    } else {
      // A cursor list has no totals: the honoured pages count what the walk saw (more than they show,
      // to know there is a next page); the portal's own walk over the whole history counts every match.
      expect(honoured[0]!.total).toBeGreaterThan(2);
      expect(honoured[1]!.total).toBeGreaterThan(4);
      expect(ignored[0]!.total).toBe(ignored[1]!.total);
      expect(ignored[0]!.total).toBeGreaterThan(4);
    }
    expect(ignored.flatMap((p) => p.items).every((s) => s.status === "failed")).toBe(true);
    // The stripped requests really carried no status filter.
    expect(h.requests.at(-1)?.searchParams.has("filter[status]")).toBe(false);
  });
});

describe("ownership", () => {
  it("confirms an own session deep in the history, then answers from the table without the platform", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const oldest = all.at(-1)!.id;
    expect(await confirmSessionOwnership(DEMO_DRIVER_ID, oldest, h.deps)).toBe(true);
    // AMPECO: the walk's windows back to the oldest session, each read whole (issue 24).
    if (h.dialect === "contract") expect(listReads(h.requests).length).toBe(Math.ceil(all.length / 100));
    else expect(listReads(h.requests).length).toBeLessThanOrEqual(2 * Math.ceil(all.length / 100) + 2);
    h.requests.length = 0;
    expect(await confirmSessionOwnership(DEMO_DRIVER_ID, oldest, h.deps)).toBe(true);
    expect(h.requests).toHaveLength(0);
  });

  it("stops scanning at the match", async () => {
    const [newest] = await h.platformSessions(DEMO_DRIVER_ID);
    expect(await confirmSessionOwnership(DEMO_DRIVER_ID, newest!.id, h.deps)).toBe(true);
    expect(listReads(h.requests)).toHaveLength(1);
  });

  it("refuses another driver's session, unknown ids and malformed ids, never reading the detail", async () => {
    const [theirs] = await h.platformSessions(SECOND_DRIVER_ID);
    expect(await confirmSessionOwnership(DEMO_DRIVER_ID, theirs!.id, h.deps)).toBe(false);
    expect(await confirmSessionOwnership(DEMO_DRIVER_ID, "99999999", h.deps)).toBe(false);
    h.requests.length = 0;
    for (const bad of ["", "..", "a/b", "70001?x", "x".repeat(129), " 70001"])
      expect(await confirmSessionOwnership(DEMO_DRIVER_ID, bad, h.deps)).toBe(false);
    expect(h.requests).toHaveLength(0);
    expect(await getOwnedSession(DEMO_DRIVER_ID, theirs!.id, h.deps)).toBeNull();
    expect(detailReads(h.requests)).toHaveLength(0);
  });

  it("a pair remembered for one driver is refused to another without asking the platform", async () => {
    const theirs = await listDriverSessions(SECOND_DRIVER_ID, { page: 1, perPage: 10 }, h.deps);
    h.requests.length = 0;
    expect(await getOwnedSession(DEMO_DRIVER_ID, theirs.items[0]!.id, h.deps)).toBeNull();
    expect(h.requests).toHaveLength(0);
  });

  it("reads the detail (with UTC times) only after ownership is proven", async () => {
    const [newest] = await h.platformSessions(DEMO_DRIVER_ID);
    const session = await getOwnedSession(DEMO_DRIVER_ID, newest!.id, h.deps);
    expect(session).toMatchObject({ id: newest!.id, startedAt: expect.stringMatching(/Z$/) });
    const detailIndex = h.requests.findIndex((u) => detailReads([u]).length > 0);
    const listIndex = h.requests.findIndex((u) => listReads([u]).length > 0);
    expect(listIndex).toBeGreaterThanOrEqual(0);
    expect(detailIndex).toBeGreaterThan(listIndex);
  });
});

describe("overview and live", () => {
  it("adds up the last 12 months from the platform's figures and finds the running session on the same walk", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const overview = await getSessionsOverview(DEMO_DRIVER_ID, h.deps);
    expect(overview.monthly).toHaveLength(12);
    expect(overview.monthly.at(-1)?.month).toBe("2026-03");
    const march = all.filter((s) => s.startedAtLocal.startsWith("2026-03") && s.stoppedAtLocal !== null);
    expect(overview.monthly.at(-1)).toMatchObject({
      energyWh: march.reduce((sum, s) => sum + s.energy, 0),
      sessionCount: march.length,
      runningCount: 1,
    });
    expect(overview.monthly.at(-1)!.amount).toBeCloseTo(
      march.reduce((sum, s) => sum + s.amount, 0),
      2,
    );
    expect(overview.running.map((s) => s.status)).toEqual(["charging"]);
    // AMPECO: the walk's windows, none of them before the 12 months.
    expect(
      listReads(h.requests).every((u) =>
        h.dialect === "contract"
          ? u.searchParams.get("filter[startedAfter]") === "2025-03-31T22:00:00Z"
          : Date.parse(u.searchParams.get("filter[startedAfter]") ?? "") >= Date.parse("2025-03-31T22:00:00Z"),
      ),
    ).toBe(true);
  });

  it("gives the account overview the newest three, the running one and this month's totals, walking only this month", async () => {
    const [glance, overview, firstPage] = await Promise.all([
      getSessionsAtAGlance(DEMO_DRIVER_ID, h.deps),
      getSessionsOverview(DEMO_DRIVER_ID, h.deps),
      listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 25 }, h.deps),
    ]);
    expect(glance.recent.map((s) => s.id)).toEqual(firstPage.items.slice(0, 3).map((s) => s.id));
    expect(glance.running.map((s) => s.status)).toEqual(["charging"]);
    expect(glance.thisMonth).toEqual(overview.monthly.at(-1));
    h.requests.length = 0;
    await getSessionsAtAGlance(DEMO_DRIVER_ID, h.deps);
    const windows = listReads(h.requests)
      .map((u) => u.searchParams.get("filter[startedAfter]"))
      .filter((after) => after !== null);
    // This month's walk starts on the 1st (Amsterdam); the running lookup's own window is weeks, never the 12 months.
    expect(windows).toContain("2026-02-28T23:00:00Z");
    expect(windows.every((after) => Date.parse(after) >= Date.parse("2026-02-01T00:00:00Z"))).toBe(true);
  });

  it("gives the same overview on a spec-only platform, and reads every page of the window", async () => {
    const withFilters = await getSessionsOverview(DEMO_DRIVER_ID, h.deps);
    h.requests.length = 0;
    h.setContractOnly(true);
    try {
      const contractOnly = await getSessionsOverview(DEMO_DRIVER_ID, h.deps);
      expect(contractOnly.monthly).toEqual(withFilters.monthly);
      expect(contractOnly.running.map((s) => s.id)).toEqual(withFilters.running.map((s) => s.id));
      // The whole history is three pages of 100 when the date filter is ignored: each read exactly once.
      if (h.dialect === "contract") {
        const pages = listReads(h.requests).map((u) => u.searchParams.get("page"));
        expect(pages.sort()).toEqual(["1", "2", "3"]);
      } else {
        // By cursor: the first page (cursor empty), then the two cursors it and the next one handed out.
        // The walk sees the date filter ignored on its first window and takes that read as the whole
        // list; the overview's page 1 and its walk of the window read it once each (issue 24).
        const cursors = listReads(h.requests).map((u) => u.searchParams.get("cursor"));
        expect(cursors.every((c) => c !== null)).toBe(true);
        expect(new Set(cursors).size).toBe(3);
        expect(cursors).toHaveLength(6);
      }
    } finally {
      h.setContractOnly(false);
    }
  });

  it("lists the running session with energy that grows, and nothing once it stops", async () => {
    const [first] = await listRunningSessions(DEMO_DRIVER_ID, h.deps);
    h.clock.ms += 60_000;
    const [later] = await listRunningSessions(DEMO_DRIVER_ID, h.deps);
    expect(later!.id).toBe(first!.id);
    expect(later!.energyWh - first!.energyWh).toBeGreaterThanOrEqual(123); // 7.4 kW for a minute
    const stop = await h.emu.call("POST", `/__emulator/sessions/${first!.id}/stop`);
    expect(stop.status).toBe(200);
    expect(await listRunningSessions(DEMO_DRIVER_ID, h.deps)).toEqual([]);
    expect(await listRunningSessions(SECOND_DRIVER_ID, h.deps)).toEqual([]);
  });

  it("iterates a filtered history lazily and checks each item on the portal side", async () => {
    h.setContractOnly(true);
    const failed = await collect(iterateDriverSessions(DEMO_DRIVER_ID, { status: "failed" }, h.deps));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((s) => s.status === "failed")).toBe(true);
  });

  it("walks page by page: one platform call per page, filtered here, the same sessions in the same order", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const pages = await collect(iterateDriverSessionPages(DEMO_DRIVER_ID, {}, h.deps));
    expect(pages).toHaveLength(Math.ceil(all.length / 100));
    expect(pages.flat().map((s) => s.id)).toEqual(all.map((s) => s.id));
    // AMPECO: full pages of 100 out of the walk's windows, each window read whole (issue 24).
    if (h.dialect === "contract") expect(listReads(h.requests)).toHaveLength(pages.length);
    else expect(listReads(h.requests).length).toBeLessThanOrEqual(2 * pages.length + 2);

    h.setContractOnly(true);
    const failedPages = await collect(iterateDriverSessionPages(DEMO_DRIVER_ID, { status: "failed" }, h.deps));
    expect(failedPages).toHaveLength(pages.length);
    expect(failedPages.flat().map((s) => s.id)).toEqual(all.filter((s) => s.status === "failed").map((s) => s.id));
  });
});

describe("issue 24: a platform that does not list sessions newest first", () => {
  it("pages come out newest first by start, and the same sessions as the platform holds", async () => {
    const all = await h.platformSessions(DEMO_DRIVER_ID);
    const first = await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 25 }, h.deps);
    const third = await listDriverSessions(DEMO_DRIVER_ID, { page: 3, perPage: 25 }, h.deps);
    expect(first.items.map((s) => s.id)).toEqual(all.slice(0, 25).map((s) => s.id));
    expect(third.items.map((s) => s.id)).toEqual(all.slice(50, 75).map((s) => s.id));
    expect(first.items[0]?.isRunning).toBe(true);
    const walked = (await collect(iterateDriverSessionPages(DEMO_DRIVER_ID, {}, h.deps))).flat();
    expect(walked.map((s) => s.id)).toEqual(all.map((s) => s.id));
  });

  inDialect("ampeco", it)(
    "costs the windows that hold a page, not the whole history, for a driver with 5,000 sessions",
    async () => {
      const HOUR = 3_600_000;
      for (let batch = 0; batch < 10; batch++) {
        const startedAt = new Date(START - 3 * HOUR - batch * 500 * 3 * HOUR).toISOString();
        const added = await h.emu.call("POST", `/__emulator/users/${SECOND_DRIVER_ID}/sessions`, {
          body: { count: 500, startedAt },
        });
        expect(added.status).toBe(201);
      }
      const all = await h.platformSessions(SECOND_DRIVER_ID);
      expect(all.length).toBeGreaterThan(5_000);
      const cursorPages = Math.ceil(all.length / 100);

      h.requests.length = 0;
      const first = await listDriverSessions(SECOND_DRIVER_ID, { page: 1, perPage: 25 }, h.deps);
      expect(first.items.map((s) => s.id)).toEqual(all.slice(0, 25).map((s) => s.id));
      expect(first.hasNext).toBe(true);
      const firstReads = listReads(h.requests).length;
      expect(firstReads).toBeLessThanOrEqual(4);

      h.requests.length = 0;
      const tenth = await listDriverSessions(SECOND_DRIVER_ID, { page: 10, perPage: 25 }, h.deps);
      expect(tenth.items.map((s) => s.id)).toEqual(all.slice(225, 250).map((s) => s.id));
      expect(listReads(h.requests).length).toBeLessThanOrEqual(4);

      h.requests.length = 0;
      const walked = (await collect(iterateDriverSessionPages(SECOND_DRIVER_ID, {}, h.deps))).flat();
      expect(walked.map((s) => s.id)).toEqual(all.map((s) => s.id));
      // The whole walk: the windows' own cursor pages (each window's last one partial) against one
      // cursor walk of the whole history (measured: 58 against 51).
      expect(listReads(h.requests).length).toBeLessThanOrEqual(Math.ceil(cursorPages * 1.3));
    },
    120_000,
  );
});

inDialect("ampeco", describe)("issue 24: links.next as the tenant writes it", () => {
  const walkAll = () => collect(iterateDriverSessions(DEMO_DRIVER_ID, {}, h.deps));

  it("follows links under another scheme, port or host case, and sends them to the configured origin", async () => {
    const expected = (await walkAll()).map((s) => s.id);
    const called = new URL(h.emu.url);
    const tenantBase = `HTTPS://${called.hostname.toUpperCase()}:${Number(called.port) + 1}/`;
    await h.emu.call("PUT", "/__emulator/settings", {
      body: { sessionOrder: "shuffled", linksBaseUrl: tenantBase },
    });
    h.requests.length = 0;
    expect((await walkAll()).map((s) => s.id)).toEqual(expected);
    // At least one page came from a followed link (a cursor the emulator wrote).
    expect(h.requests.some((url) => (url.searchParams.get("cursor") ?? "") !== "")).toBe(true);
    expect(h.requests.every((url) => url.origin === new URL(h.emu.url).origin)).toBe(true);
  });

  it("refuses a next link to another host, and sends it nothing", async () => {
    await h.emu.call("PUT", "/__emulator/settings", {
      body: { sessionOrder: "shuffled", linksBaseUrl: "http://platform.elsewhere.example" },
    });
    h.requests.length = 0;
    await expect(walkAll()).rejects.toThrow(/outside the platform origin/);
    expect(h.requests.every((url) => url.hostname !== "platform.elsewhere.example")).toBe(true);
  });
});

inDialect("ampeco", describe)("issue 24: a place lookup the platform refuses", () => {
  /** Own locations served, and a fresh client: no place is remembered from another test. */
  async function withLocations(run: (located: SessionsHarness) => Promise<void>) {
    const located = await createSessionsHarness({ seedLocations: true });
    try {
      await run(located);
    } finally {
      await located.close();
    }
  }

  it("leaves the place unknown when charge points are forbidden (403), renders the page, and does not remember it", () =>
    withLocations(async (located) => {
      await located.emu.call("PUT", "/__emulator/settings", {
        body: { sessionOrder: "shuffled", forbiddenResources: ["charge-points"] },
      });
      const refused = await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 10 }, located.deps);
      expect(refused.items).toHaveLength(10);
      expect(refused.items.every((s) => s.locationId === null)).toBe(true);
      expect(refused.items.every((s) => s.assumedTimeZone !== null)).toBe(true);

      await located.emu.call("PUT", "/__emulator/settings", { body: { sessionOrder: "shuffled" } });
      const allowed = await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 10 }, located.deps);
      expect(allowed.items.map((s) => s.id)).toEqual(refused.items.map((s) => s.id));
      expect(allowed.items.every((s) => s.locationId !== null)).toBe(true);
    }));

  it("one rate-limited (429) charge point read does not empty the list", () =>
    withLocations(async (located) => {
      await located.emu.call("PUT", "/__emulator/faults", {
        body: { rules: [{ method: "GET", path: "/charge-points/v2\\.0/\\d+$", status: 429, times: 1 }] },
      });
      const page = await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 10 }, located.deps);
      expect(page.items).toHaveLength(10);
      expect(page.items.some((s) => s.locationId === null)).toBe(true);
    }));
});
