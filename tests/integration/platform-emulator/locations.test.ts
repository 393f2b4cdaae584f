import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import {
  collectPages,
  expectError,
  expectFieldErrors,
  LocationDetail,
  LocationSummary,
  page,
  SessionListItem,
  shape,
} from "./schemas";

const LOCATIONS = "/public-api/resources/locations/v2.0";

describe("locations, default (no own charge points for partner 1116)", () => {
  const emu = openForSuite(() => startPlatformEmulator());

  it("lists nothing, with meta and links", async () => {
    const res = await emu.call("GET", LOCATIONS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
      links: { next: null },
    });
    expect((await emu.call("GET", `${LOCATIONS}?per_page=50`)).body.meta.per_page).toBe(50);
  });

  it("answers 404 for every id, including the ids sessions point at", async () => {
    const sessions = shape(
      page(SessionListItem),
      (await emu.call("GET", `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}`)).body,
    );
    const ids = new Set(sessions.data.map((s) => s.locationId));
    for (const id of [...ids, 1, 501])
      expectError(await emu.call("GET", `${LOCATIONS}/${id}`), 404, `No query results for model [Location] ${id}`);
    expectError(await emu.call("GET", `${LOCATIONS}/not-a-number`), 404);
  });

  it("422 for a bad per_page", async () => {
    expectFieldErrors(await emu.call("GET", `${LOCATIONS}?per_page=500`), "per_page");
  });
});

describe("locations with seedLocations", () => {
  const emu = openForSuite(() => startPlatformEmulator({ seedLocations: true }));

  it("lists 3–5 own locations and a partner's two sites with translated names, without evses", async () => {
    const body = shape(page(LocationSummary), (await emu.call("GET", LOCATIONS)).body);
    const own = body.data.filter((l) => l.id < 900);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.length).toBeLessThanOrEqual(5);
    expect(body.data.length - own.length).toBe(2);
    for (const location of body.data) {
      expect(location.name.map((n) => n.locale)).toEqual(["nl", "en"]);
      expect(location).not.toHaveProperty("evses");
    }
  });

  it("pages with links.next", async () => {
    const first = await emu.call("GET", `${LOCATIONS}?per_page=2`);
    const bodies = (await collectPages(first, emu.get)).map((p) => shape(page(LocationSummary), p.body));
    expect(bodies.flatMap((b) => b.data)).toHaveLength(bodies[0]!.meta.total);
    expect(bodies.at(-1)!.meta.current_page).toBe(bodies[0]!.meta.last_page);
  });

  it("detail has evses with connectors; every session location and evse exists", async () => {
    const list = shape(page(LocationSummary), (await emu.call("GET", LOCATIONS)).body);
    const evsesByLocation = new Map<number, Set<number>>();
    for (const { id } of list.data) {
      const detail = shape(LocationDetail, (await emu.call("GET", `${LOCATIONS}/${id}`)).body.data);
      expect(detail.evses.length).toBeGreaterThan(0);
      expect(detail.evses.every((e) => e.status === "available")).toBe(true);
      if (id < 900)
        expect(detail.evses.some((e) => e.connectors.some((c) => c.type === "CCS2" && c.power === 50))).toBe(true);
      evsesByLocation.set(id, new Set(detail.evses.map((e) => e.id)));
    }
    const sessions = shape(
      page(SessionListItem),
      (await emu.call("GET", `/public-api/resources/sessions/v1.0?per_page=100`)).body,
    );
    for (const s of sessions.data)
      expect(evsesByLocation.get(s.locationId)?.has(s.evseId), `session ${s.id}`).toBe(true);
    expectError(await emu.call("GET", `${LOCATIONS}/999`), 404);
  });
});
