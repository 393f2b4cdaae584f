import { unzipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { sessionOwnership } from "@/lib/core/db/schema";
import { createExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import type { SessionDeps } from "@/lib/features/sessions/deps";
import { createSessionExportHandler, createSessionsExportHandler } from "@/lib/features/sessions/route-handlers";
import { getOwnedSession, listDriverSessions } from "@/lib/features/sessions/service";
import { readNotification } from "@/lib/platform/client";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 34, "What breaks" 5: AMPECO types session ids as strings. Against a tenant whose ids are not digits (the
 * emulator's `sessionIds: uuid`), every place that takes a session id: the list, the ownership check and the
 * detail, the path parameter, the CSV exports, the expense pack and the callbacks' reader.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/;

const h = serviceHarnessForSuite({ dialect: "ampeco", seedLocations: true });
let deps: SessionDeps;
const routeDeps = () => ({
  authorize: async () => ({ ok: true as const, platformUserId: DEMO_DRIVER_ID }),
  sessions: () => deps,
});

beforeAll(() => {
  deps = { platform: h.client, getDb: async () => h.db.db, now: () => new Date() };
});
beforeEach(async () => {
  await h.db.db.delete(sessionOwnership);
  await h.control("PUT", "/settings", { sessionIds: "uuid" });
});

const csvRows = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));

describe("a tenant whose session ids are not digits", () => {
  it("lists the driver's sessions with their string ids, proves ownership of one and reads it", async () => {
    const page = await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 20 }, deps);
    expect(page.items).toHaveLength(20);
    expect(page.items.every((s) => UUID.test(s.id))).toBe(true);

    const oldest = (await listDriverSessions(DEMO_DRIVER_ID, { page: 3, perPage: 20 }, deps)).items.at(-1)!;
    await h.db.db.delete(sessionOwnership);
    const read = await getOwnedSession(DEMO_DRIVER_ID, oldest.id, deps);
    expect(read).toMatchObject({ id: oldest.id, energyWh: oldest.energyWh });
    const remembered = await h.db.db.select().from(sessionOwnership);
    expect(remembered.map((r) => r.sessionId)).toContain(oldest.id);

    const theirs = (await listDriverSessions(SECOND_DRIVER_ID, { page: 1, perPage: 1 }, deps)).items[0]!;
    expect(await getOwnedSession(DEMO_DRIVER_ID, theirs.id, deps)).toBeNull();
  });

  it("exports one session by its id in the path, and every session, with the ids as the platform gives them", async () => {
    const [newest] = (await listDriverSessions(DEMO_DRIVER_ID, { page: 1, perPage: 1 }, deps)).items;
    const one = await createSessionExportHandler(routeDeps())(
      new Request(`http://localhost/api/sessions/${newest!.id}/export`),
      { params: Promise.resolve({ id: newest!.id }) },
    );
    expect(one.status).toBe(200);
    expect(csvRows(await one.text())[1]![0]).toBe(newest!.id);

    const all = await createSessionsExportHandler(routeDeps())(new Request("http://localhost/api/sessions/export"));
    expect(all.status).toBe(200);
    const ids = csvRows(await all.text())
      .slice(1)
      .map((row) => row[0]!);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.every((id) => UUID.test(id))).toBe(true);

    const malformed = await createSessionExportHandler(routeDeps())(
      new Request("http://localhost/api/sessions/..%2F70001/export"),
      { params: Promise.resolve({ id: "../70001" }) },
    );
    expect(malformed.status).toBe(404);
  });

  it("names each receipt of the expense pack by its session's id", async () => {
    const pack = await createExpensePackHandler(routeDeps())(
      new Request("http://localhost/api/sessions/expense-pack?period=last-month"),
    );
    expect(pack.status).toBe(200);
    const receipts = Object.keys(unzipSync(new Uint8Array(await pack.arrayBuffer()))).filter((name) =>
      name.startsWith("receipts/"),
    );
    expect(receipts.length).toBeGreaterThan(0);
    for (const name of receipts) expect(name).toMatch(/^receipts\/\d{4}-\d{2}-\d{2}-[0-9a-f-]{36}\.pdf$/);
  });

  it("reads a session update callback whose session id is not digits", async () => {
    const wire = await h.emulator.handle(
      new Request(
        `http://platform.test/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`,
        { headers: { authorization: "Bearer driver-services-key" } },
      ),
    );
    const [running] = ((await wire.json()) as { data: Array<{ id: string }> }).data;
    expect(running!.id).toMatch(UUID);
    const parsed = readNotification("SessionUpdateNotification", {
      notification: "SessionUpdateNotification",
      session: running,
    });
    expect(parsed?.event).toMatchObject({ kind: "session", session: { id: running!.id, status: "charging" } });
  });
});
