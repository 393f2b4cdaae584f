import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionOwnership } from "@/lib/db/schema";
import { SESSION_CSV_COLUMNS } from "@/lib/sessions/csv";
import type { LiveSessionsResponse } from "@/lib/sessions/live-view";
import {
  createLiveSessionsHandler,
  createSessionExportHandler,
  createSessionsExportHandler,
  type AuthorizeResult,
} from "@/lib/sessions/route-handlers";
import { createSessionsHarness, DEMO_DRIVER_ID, detailReads, listReads, SECOND_DRIVER_ID, START, type SessionsHarness } from "./harness";

let h: SessionsHarness;
let caller: AuthorizeResult = { ok: true, platformUserId: DEMO_DRIVER_ID };
const routeDeps = () => ({ authorize: async () => caller, sessions: () => h.deps });

beforeAll(async () => {
  h = await createSessionsHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  h.clock.ms = START;
  h.emu.emulator.reset();
  h.setSpecOnly(false);
  h.requests.length = 0;
  caller = { ok: true, platformUserId: DEMO_DRIVER_ID };
  await h.opened.db.delete(sessionOwnership);
  await h.emu.call("DELETE", "/__emulator/faults");
});

const exportAll = (qs = "") => createSessionsExportHandler(routeDeps())(new Request(`http://localhost/api/sessions/export${qs}`));

function rows(csv: string): string[][] {
  // Export cells never contain commas or quotes, so a plain split is exact here.
  return csv.trimEnd().split("\r\n").map((line) => line.split(","));
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
    expect(body.map((r) => Number(r[0]))).toEqual(platform.map((s) => s.id));
    for (const [i, row] of body.entries()) {
      expect(row[6]).toBe((platform[i]!.energy / 1000).toFixed(3));
      expect(row[7]).toBe(platform[i]!.amount.toFixed(2));
      expect(row[8]).toBe("EUR");
    }
  });

  it("ignores a userId parameter: the driver comes from the sign-in only", async () => {
    const theirs = new Set((await h.platformSessions(SECOND_DRIVER_ID)).map((s) => s.id));
    const response = await exportAll(`?userId=${SECOND_DRIVER_ID}&filter[userId]=${SECOND_DRIVER_ID}`);
    const ids = rows(await response.text()).slice(1).map((r) => Number(r[0]));
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.some((id) => theirs.has(id))).toBe(false);
    expect(listReads(h.requests).every((u) => u.searchParams.get("filter[userId]") === String(DEMO_DRIVER_ID))).toBe(true);
  });

  it("applies status and range, also on a platform that ignores those filters", async () => {
    h.setSpecOnly(true);
    const response = await exportAll("?status=finished&from=2026-02-01&to=2026-02-28");
    const body = rows(await response.text()).slice(1);
    expect(body.length).toBeGreaterThan(5);
    for (const row of body) {
      expect(row[9]).toBe("finished");
      expect(row[2]!.slice(0, 7)).toBe("2026-02");
    }
  });

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

  it("reads the platform only as fast as the client reads the file", async () => {
    await h.emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: { count: 500, startedAt: "2026-03-13T10:00:00Z" } });
    await h.emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: { count: 500, startedAt: "2026-03-13T11:00:00Z" } });
    h.requests.length = 0;
    const response = await exportAll();
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    // ~1250 sessions are 13 pages; the first chunk needs at most two of them.
    expect(listReads(h.requests).length).toBeLessThanOrEqual(2);
  });
});

describe("GET /api/sessions/{id}/export", () => {
  const exportOne = (id: string) => createSessionExportHandler(routeDeps())(new Request(`http://localhost/api/sessions/${id}/export`), id);

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
  const live = () => createLiveSessionsHandler(routeDeps())();

  it("returns the portal's own JSON for the running session, with energy read at request time", async () => {
    const response = await live();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as LiveSessionsResponse;
    expect(Object.keys(body).sort()).toEqual(["checkedAt", "sessions"]);
    expect(body.sessions).toHaveLength(1);
    expect(Object.keys(body.sessions[0]!).sort()).toEqual(["amount", "energyWh", "id", "locationId", "startedAt", "startedAtLocal", "status"]);
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
