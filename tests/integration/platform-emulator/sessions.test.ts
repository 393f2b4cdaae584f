import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, RUNNING_POWER_W, SECOND_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import { collectPages, expectError, expectFieldErrors, page, SessionDetail, SessionListItem, shape } from "./schemas";

const SESSIONS = "/public-api/resources/sessions/v1.0";
const START = Date.parse("2026-03-14T17:00:00Z");
const clock = { ms: START };
const emu = openForSuite(() => startPlatformEmulator({ now: () => new Date(clock.ms) }));
beforeEach(() => {
  clock.ms = START;
  emu.emulator.reset();
});

async function allSessions(query: string) {
  const first = await emu.call("GET", `${SESSIONS}?${query}&per_page=100`);
  expect(first.status).toBe(200);
  const bodies = (await collectPages(first, emu.get)).map((p) => shape(page(SessionListItem), p.body));
  return { bodies, items: bodies.flatMap((b) => b.data) };
}

describe("list sessions", () => {
  it("returns the driver's history newest first, running session on top, without UTC fields", async () => {
    const res = await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}`);
    const body = shape(page(SessionListItem), res.body); // strict: startedAt/stoppedAt would fail here
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(body.data).toHaveLength(15);
    expect(res.body.data[0]).not.toHaveProperty("startedAt");
    expect(res.body.data[0]).not.toHaveProperty("userId");
    const [running] = body.data;
    expect(running).toMatchObject({ status: "charging", stoppedAtLocal: null });
    const starts = body.data.map((s) => Date.parse(s.startedAtLocal));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it("follows links.next to the last page; ~14 months of realistic history", async () => {
    const { bodies, items } = await allSessions(`filter[userId]=${DEMO_DRIVER_ID}`);
    const total = bodies[0]!.meta.total;
    expect(items).toHaveLength(total);
    expect(bodies).toHaveLength(bodies[0]!.meta.last_page);
    expect(bodies.at(-1)!.links.next).toBeNull();
    expect(new Set(items.map((s) => s.id)).size).toBe(total);
    expect(total).toBeGreaterThanOrEqual(180); // 3–5 a week over ~61 weeks
    expect(total).toBeLessThanOrEqual(320);
    const oldest = Math.min(...items.map((s) => Date.parse(s.startedAtLocal)));
    expect(START - oldest).toBeGreaterThan(395 * 86_400_000);

    expect(items.filter((s) => s.stoppedAtLocal === null)).toHaveLength(1);
    const finished = items.filter((s) => s.status === "finished");
    const failed = items.filter((s) => s.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((s) => s.amount === 0 && s.energy < 1000)).toBe(true);
    for (const s of finished) {
      expect(s.energy).toBeGreaterThanOrEqual(5_000);
      expect(s.energy).toBeLessThanOrEqual(60_000);
      const perKwh = s.amount / (s.energy / 1000);
      expect(perKwh).toBeGreaterThan(0.32);
      expect(perKwh).toBeLessThan(0.62);
      expect(Date.parse(s.stoppedAtLocal!)).toBeGreaterThan(Date.parse(s.startedAtLocal));
    }
  });

  it("local times carry the Amsterdam offset of their own date (+01:00 winter, +02:00 summer)", async () => {
    const { items } = await allSessions(`filter[userId]=${DEMO_DRIVER_ID}`);
    const inMonth = (month: string) => items.filter((s) => s.startedAtLocal.slice(5, 7) === month);
    expect(inMonth("01").length).toBeGreaterThan(0);
    expect(inMonth("07").length).toBeGreaterThan(0);
    expect(inMonth("01").every((s) => s.startedAtLocal.endsWith("+01:00"))).toBe(true);
    expect(inMonth("07").every((s) => s.startedAtLocal.endsWith("+02:00"))).toBe(true);
  });

  it("second driver has a few dozen sessions, the new driver none, and no filter lists everyone", async () => {
    const second = await allSessions(`filter[userId]=${SECOND_DRIVER_ID}`);
    expect(second.items.length).toBeGreaterThanOrEqual(20);
    expect(second.items.length).toBeLessThanOrEqual(60);
    expect(second.items.every((s) => s.stoppedAtLocal !== null)).toBe(true);
    const none = shape(
      page(SessionListItem),
      (await emu.call("GET", `${SESSIONS}?filter[userId]=${NEW_DRIVER_ID}`)).body,
    );
    expect(none).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
      links: { next: null },
    });
    const demoTotal = (await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}`)).body.meta.total;
    const everyone = (await emu.call("GET", SESSIONS)).body.meta.total;
    expect(everyone).toBe(demoTotal + second.items.length);
  });

  it("filters on status and on startedAfter/startedBefore (inclusive, UTC when no offset)", async () => {
    const failed = await allSessions(`filter[userId]=${DEMO_DRIVER_ID}&filter[status]=failed`);
    expect(failed.items.length).toBeGreaterThan(0);
    expect(failed.items.every((s) => s.status === "failed")).toBe(true);

    const after = "2026-01-01T00:00:00Z";
    const before = "2026-01-31T23:59:59";
    const january = await allSessions(
      `filter[userId]=${DEMO_DRIVER_ID}&filter[startedAfter]=${after}&filter[startedBefore]=${before}`,
    );
    expect(january.items.length).toBeGreaterThanOrEqual(8);
    for (const s of january.items) {
      expect(Date.parse(s.startedAtLocal)).toBeGreaterThanOrEqual(Date.parse(after));
      expect(Date.parse(s.startedAtLocal)).toBeLessThanOrEqual(Date.parse(`${before}Z`));
    }
  });

  it("422 for bad filters", async () => {
    expectFieldErrors(await emu.call("GET", `${SESSIONS}?filter[userId]=me`), "filter.userId");
    expectFieldErrors(await emu.call("GET", `${SESSIONS}?filter[status]=active`), "filter.status");
    expectFieldErrors(await emu.call("GET", `${SESSIONS}?filter[startedAfter]=yesterday`), "filter.startedAfter");
  });
});

describe("get session", () => {
  it("detail adds UTC startedAt/stoppedAt that match the local times", async () => {
    const { items } = await allSessions(`filter[userId]=${DEMO_DRIVER_ID}`);
    const finished = items.filter((s) => s.status === "finished").slice(0, 5);
    for (const item of finished) {
      const res = await emu.call("GET", `${SESSIONS}/${item.id}`);
      expect(res.status).toBe(200);
      const detail = shape(SessionDetail, res.body.data);
      expect(detail).toMatchObject(item);
      expect(Date.parse(detail.startedAt)).toBe(Date.parse(detail.startedAtLocal));
      expect(Date.parse(detail.stoppedAt!)).toBe(Date.parse(detail.stoppedAtLocal!));
    }
  });

  it("formats across both DST switches correctly", async () => {
    const cases = [
      ["2026-03-29T00:59:59Z", "2026-03-29T01:59:59+01:00"],
      ["2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00"],
      ["2026-10-25T00:59:59Z", "2026-10-25T02:59:59+02:00"],
      ["2026-10-25T01:00:00Z", "2026-10-25T02:00:00+01:00"],
    ] as const;
    for (const [utc, local] of cases) {
      const added = await emu.call("POST", `/__emulator/users/${NEW_DRIVER_ID}/sessions`, {
        body: { startedAt: utc, stoppedAt: new Date(Date.parse(utc) + 3_600_000).toISOString(), energy: 10_000 },
      });
      expect(added.status).toBe(201);
      const detail = shape(SessionDetail, (await emu.call("GET", `${SESSIONS}/${added.body.data[0].id}`)).body.data);
      expect(detail.startedAt).toBe(utc);
      expect(detail.startedAtLocal).toBe(local);
    }
  });

  it("a running session has null stop times and its energy and amount grow with the clock", async () => {
    const running = (await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=charging`)).body
      .data[0];
    const first = shape(SessionDetail, (await emu.call("GET", `${SESSIONS}/${running.id}`)).body.data);
    expect(first).toMatchObject({ status: "charging", stoppedAt: null, stoppedAtLocal: null });
    expect(first.energy).toBeGreaterThan(0);

    clock.ms += 10 * 60_000;
    const later = shape(SessionDetail, (await emu.call("GET", `${SESSIONS}/${running.id}`)).body.data);
    expect(later.energy - first.energy).toBeGreaterThanOrEqual(Math.floor((RUNNING_POWER_W * 10) / 60) - 1);
    expect(later.energy - first.energy).toBeLessThanOrEqual(Math.ceil((RUNNING_POWER_W * 10) / 60) + 1);
    expect(later.amount).toBeGreaterThan(first.amount);
    expect(later.startedAt).toBe(first.startedAt);
    const listed = (await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&per_page=1`)).body.data[0];
    expect(listed.energy).toBe(later.energy);
  });

  it("404 for an unknown or non-integer id", async () => {
    expectError(await emu.call("GET", `${SESSIONS}/1`), 404, "No query results for model [Session] 1");
    expectError(await emu.call("GET", `${SESSIONS}/abc`), 404);
    expectError(await emu.call("GET", `${SESSIONS}/70001.0`), 404);
  });
});
