import { beforeEach, describe, expect, it } from "vitest";
import { sessionOwnership } from "@/lib/core/db/schema";
import { SESSION_CSV_COLUMNS } from "@/lib/features/sessions/csv";
import { matchesSessionFilter, rangeToInstants } from "@/lib/features/sessions/filters";
import type { LiveSessionsResponse } from "@/lib/features/sessions/live-view";
import {
  createLiveSessionsHandler,
  createSessionExportHandler,
  createSessionsExportHandler,
} from "@/lib/features/sessions/route-handlers";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { sessionsHarnessForSuite, DEMO_DRIVER_ID, detailReads, listReads, SECOND_DRIVER_ID, START } from "./harness";

const h = sessionsHarnessForSuite({ resetBeforeEach: true });
type Caller = { ok: true; platformUserId: number } | { ok: false; status: 401 | 403 };
let caller: Caller = { ok: true, platformUserId: DEMO_DRIVER_ID };
const routeDeps = () => ({
  authorize: async () => {
    if (!caller.ok) throw new AccessDeniedError(caller.status);
    return caller;
  },
  sessions: () => h.deps,
});

beforeEach(async () => {
  caller = { ok: true, platformUserId: DEMO_DRIVER_ID };
  await h.opened.db.delete(sessionOwnership);
  await h.emu.call("DELETE", "/__emulator/faults");
});

const exportAll = (qs = "") =>
  createSessionsExportHandler(routeDeps())(new Request(`http://localhost/api/sessions/export${qs}`));

function rows(csv: string): string[][] {
  // Export cells never contain commas or quotes, so a plain split is exact here.
  return csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("GET /api/sessions/export", () => {
  it("refuses a signed-out caller before touching the platform", async () => {
    caller = { ok: false, status: 401 };
    const response = await exportAll();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to continue." });
    expect(h.requests).toHaveLength(0);
  });

  it("streams the driver's sessions as CSV with the platform's ids, energy and amounts", async () => {
    const response = await exportAll();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="charging-sessions-2026-03-14.csv"');
    const [header, ...body] = rows(await response.text());
    expect(header).toEqual([...SESSION_CSV_COLUMNS]);
    const platform = await h.platformSessions(DEMO_DRIVER_ID);
    expect(body.map((r) => r[0])).toEqual(platform.map((s) => s.id));
    // Several platform pages, each fetched once. AMPECO documents no order: the walk's windows, each read
    // whole and sorted here (issue 24), so a few more calls.
    if (h.dialect === "contract") expect(listReads(h.requests).length).toBe(Math.ceil(platform.length / 100));
    else expect(listReads(h.requests).length).toBeLessThanOrEqual(2 * Math.ceil(platform.length / 100) + 2);
    expect(listReads(h.requests).length).toBeGreaterThan(2);
    for (const [i, row] of body.entries()) {
      expect(row[6]).toBe((platform[i]!.energy / 1000).toFixed(3));
      expect(row[7]).toBe(platform[i]!.amount.toFixed(2));
      expect(row[8]).toBe("EUR");
    }
  });

  it("ignores a userId parameter: the driver comes from the sign-in only", async () => {
    const theirs = new Set((await h.platformSessions(SECOND_DRIVER_ID)).map((s) => s.id));
    const response = await exportAll(`?userId=${SECOND_DRIVER_ID}&filter[userId]=${SECOND_DRIVER_ID}`);
    const ids = rows(await response.text())
      .slice(1)
      .map((r) => r[0]!);
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.some((id) => theirs.has(id))).toBe(false);
    expect(listReads(h.requests).every((u) => u.searchParams.get("filter[userId]") === String(DEMO_DRIVER_ID))).toBe(
      true,
    );
  });

  it.each([
    ["a platform that honours the filters", false],
    ["a platform that ignores them", true],
  ])(
    "applies status and range on %s: exactly the platform's matching sessions, in its order",
    async (_, contractOnly) => {
      const filter = { status: "finished" as const, from: "2026-02-01", to: "2026-02-28" };
      const instants = rangeToInstants(filter);
      const expected = (await h.platformSessions(DEMO_DRIVER_ID)).filter((s) =>
        matchesSessionFilter({ ...s, startedAt: null }, { status: filter.status, ...instants }),
      );
      expect(expected.length).toBeGreaterThan(5);
      h.setContractOnly(contractOnly);
      const response = await exportAll(`?status=${filter.status}&from=${filter.from}&to=${filter.to}`);
      const [header, ...body] = rows(await response.text());
      expect(header).toEqual([...SESSION_CSV_COLUMNS]);
      expect(body.map((r) => r[0])).toEqual(expected.map((s) => s.id));
      for (const row of body) {
        expect(row[9]).toBe("finished");
        expect(row[2]!.slice(0, 7)).toBe("2026-02");
      }
      // Ignored filters mean walking the whole history: pages filtered to nothing still end the file right.
      if (contractOnly) expect(listReads(h.requests).length).toBeGreaterThan(1);
    },
  );

  it("answers 400 with the reason for a bad filter", async () => {
    const response = await exportAll("?status=bogus");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/not a session status/);
  });

  it("answers 503 with plain words when the platform is down, instead of a broken file", async () => {
    await h.emu.call("PUT", "/__emulator/faults", { body: { rules: [{ path: "/sessions/", status: 503, times: 5 }] } });
    const response = await exportAll();
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/did not answer/);
  });

  describe("a long history (13 platform pages)", () => {
    beforeEach(async () => {
      for (const startedAt of ["2026-03-13T10:00:00Z", "2026-03-13T11:00:00Z"]) {
        await h.emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: { count: 500, startedAt } });
      }
      h.requests.length = 0;
    });

    it("reads the platform only as fast as the client reads the file: at most one page ahead", async () => {
      const reader = (await exportAll()).body!.getReader();
      if (h.dialect === "ampeco") {
        // AMPECO documents no order: the walk reads a window (the first month, ~500 sessions here) whole
        // and sorts it before it streams it, so "ahead" is that window, never the next one (issue 24).
        const monthAgo = START - 31 * 86_400_000 - 1000;
        const inFirstWindow = () =>
          listReads(h.requests).every((u) => Date.parse(u.searchParams.get("filter[startedAfter]") ?? "") >= monthAgo);
        for (let read = 0; read < 3; read++) {
          await h.quiet();
          expect(inFirstWindow()).toBe(true);
          expect((await reader.read()).done).toBe(false);
        }
        await reader.cancel();
        return;
      }
      // Answered after the first page only.
      expect(listReads(h.requests)).toHaveLength(1);
      for (let read = 0; read < 5; read++) {
        await h.quiet();
        expect(listReads(h.requests).length).toBeLessThanOrEqual(read + 1);
        expect((await reader.read()).done).toBe(false);
      }
      await reader.cancel();
    });

    it("stops walking the platform's pages when the client cancels", async () => {
      const reader = (await exportAll()).body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel();
      await h.quiet();
      const fetched = listReads(h.requests).length;
      // AMPECO: the first window (a month, read whole: six cursor pages here).
      expect(fetched).toBeLessThanOrEqual(h.dialect === "contract" ? 2 : 7);
      await h.quiet();
      expect(listReads(h.requests)).toHaveLength(fetched);
    });

    it("aborts the download when a later page fails, instead of ending a truncated file normally", async () => {
      const response = await exportAll();
      expect(response.status).toBe(200);
      await h.emu.call("PUT", "/__emulator/faults", {
        body: { rules: [{ path: "/sessions/", status: 503, times: 100 }] },
      });
      await expect(response.text()).rejects.toThrow();
      expect(listReads(h.requests).length).toBeLessThan(13);
    });
  });
});

describe("GET /api/sessions/{id}/export", () => {
  const exportOne = (id: string) =>
    createSessionExportHandler(routeDeps())(new Request(`http://localhost/api/sessions/${id}/export`), {
      params: Promise.resolve({ id }),
    });

  it("exports one own session", async () => {
    const [newest] = await h.platformSessions(DEMO_DRIVER_ID);
    const response = await exportOne(String(newest!.id));
    expect(response.status).toBe(200);
    const [header, row, ...rest] = rows(await response.text());
    expect(header![0]).toBe("session_id");
    expect(row![0]).toBe(String(newest!.id));
    expect(rest).toEqual([]);
  });

  it("answers 404 for another driver's session, unknown and malformed ids, never reading the detail", async () => {
    const [theirs] = await h.platformSessions(SECOND_DRIVER_ID);
    for (const id of [String(theirs!.id), "99999999", "abc", "-1", "0", "1e3", "99999999999"]) {
      const response = await exportOne(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: "This charging session was not found in your account." });
    }
    expect(detailReads(h.requests)).toHaveLength(0);
  });
});

describe("GET /api/sessions/live", () => {
  const live = () => createLiveSessionsHandler(routeDeps())(new Request("http://localhost/api/sessions/live"));

  it("returns the portal's own JSON for the running session, with energy read at request time", async () => {
    const response = await live();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as LiveSessionsResponse;
    expect(Object.keys(body).sort()).toEqual(["checkedAt", "sessions"]);
    expect(body.sessions).toHaveLength(1);
    expect(Object.keys(body.sessions[0]!).sort()).toEqual([
      "amount",
      "currency",
      "energyWh",
      "id",
      "locationId",
      "startedAt",
      "startedAtLocal",
      "status",
    ]);
    // The contract's sessions carry no currency (the panel falls back to the account's); AMPECO's do.
    expect(body.sessions[0]!.currency).toBe(h.dialect === "contract" ? null : "EUR");
    h.clock.ms += 5 * 60_000;
    const later = (await (await live()).json()) as LiveSessionsResponse;
    expect(later.sessions[0]!.energyWh).toBeGreaterThan(body.sessions[0]!.energyWh);
    expect(later.checkedAt).toBe(new Date(h.clock.ms).toISOString());
  });

  it("is empty for a driver with nothing running, and refuses signed-out callers", async () => {
    caller = { ok: true, platformUserId: SECOND_DRIVER_ID };
    expect(((await (await live()).json()) as LiveSessionsResponse).sessions).toEqual([]);
    caller = { ok: false, status: 401 };
    expect((await live()).status).toBe(401);
  });
});
