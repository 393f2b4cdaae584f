import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { ampecoEmulatorForSuite, SESSIONS, LOCATIONS, CHARGE_POINTS } from "./harness";

const emu = ampecoEmulatorForSuite({ seedLocations: true });

interface WireSession {
  id: string;
  userId: number;
  chargePointId: number;
  status: string;
  currency: string;
  stoppedAt: string | null;
  energyConsumption: { total: number };
  totalAmount: { withTax: number } | null;
}

describe("sessions v1.0 in the ampeco dialect", () => {
  it("walks a driver's sessions by cursor (links.next) without repeats; string ids, userId, chargePointId and currency on each", async () => {
    const seen: WireSession[] = [];
    let next: string | null = `${emu.url}${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=&per_page=100`;
    let pages = 0;
    while (next) {
      const res = await emu.get(next);
      expect(res.status).toBe(200);
      expect(res.headers.get("deprecation")).toBeNull();
      expect(Object.keys(res.body.meta).sort()).toEqual(["next_cursor", "path", "per_page", "prev_cursor"]);
      seen.push(...(res.body.data as WireSession[]));
      next = res.body.links.next;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    expect(
      seen.every(
        (s) => typeof s.id === "string" && s.userId === DEMO_DRIVER_ID && s.currency === "EUR" && s.chargePointId > 0,
      ),
    ).toBe(true);
    const running = seen.filter((s) => s.stoppedAt === null);
    expect(running.map((s) => s.status)).toEqual(["active"]);
    expect(new Set(seen.map((s) => s.status))).toEqual(new Set(["active", "finished", "failed"]));
  });

  it("filters with the real status enum and reads one session by its string id", async () => {
    const active = await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`);
    expect(active.body.data).toHaveLength(1);
    const id = (active.body.data[0] as WireSession).id;
    const one = await emu.call("GET", `${SESSIONS}/${id}`);
    expect(one.body.data).toMatchObject({ id, userId: DEMO_DRIVER_ID, status: "active", stoppedAt: null });
    expect(one.body.data.energyConsumption.total).toBeGreaterThan(0);

    const bad = await emu.call("GET", `${SESSIONS}?filter[status]=charging`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ "filter.status": ["The selected filter.status is invalid."] });
    expect((await emu.call("GET", `${SESSIONS}/no-such-session`)).status).toBe(404);
  });

  it("answers page mode with Deprecation and Sunset, and per_page above 100 with 422", async () => {
    const paged = await emu.call("GET", `${SESSIONS}?filter[userId]=${SECOND_DRIVER_ID}&page=2&per_page=5`);
    expect(paged.status).toBe(200);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 5, from: 6 });
    expect(paged.headers.get("deprecation")).toBe("true");
    expect(paged.headers.get("sunset")).toBe("Mon, 01 Jun 2026 00:00:00 GMT");

    const tooMany = await emu.call("GET", `${SESSIONS}?per_page=101&cursor=`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ per_page: ["The per page field must not be greater than 100."] });
    const broken = await emu.call("GET", `${SESSIONS}?cursor=not-a-cursor`);
    expect(broken.body.errors).toEqual({ cursor: ["The cursor is invalid."] });
  });
});

describe("locations v2.0 and charge points v2.0 in the ampeco dialect", () => {
  it("lists locations cursor-only (page is ignored, no Deprecation) with translated name and address arrays", async () => {
    const first = await emu.call("GET", `${LOCATIONS}?per_page=3&page=2`);
    expect(first.headers.get("deprecation")).toBeNull();
    expect(first.body.data.map((l: { id: number }) => l.id)).toEqual([501, 502, 503]);
    expect(first.body.data[0].address).toEqual([{ locale: "nl", translation: "Haarlemmerweg 8, Amsterdam" }]);
    const rest = await emu.get(first.body.links.next);
    // A roaming partner's sites follow the own ones, as AMPECO lists them (issue 36).
    expect(rest.body.data.map((l: { id: number }) => l.id)).toEqual([504, 901, 902]);
    expect(rest.body.links.next).toBeNull();
    expect(rest.body.meta.prev_cursor).not.toBeNull();

    const one = await emu.call("GET", `${LOCATIONS}/501`);
    expect(one.body.data).not.toHaveProperty("evses");
    expect(one.body.data.timezone).toBe("Europe/Amsterdam");
    expect((await emu.call("GET", `${LOCATIONS}/999`)).status).toBe(404);
  });

  it("finds EVSEs and connectors through charge-points?filter[locationId]=, with power in W and lowercase connector types", async () => {
    const points = await emu.call("GET", `${CHARGE_POINTS}?filter[locationId]=501&cursor=`);
    expect(points.body.data).toHaveLength(1);
    const cp = points.body.data[0] as { id: number; locationId: number };
    expect(cp.locationId).toBe(501);
    expect((await emu.call("GET", `${CHARGE_POINTS}/${cp.id}`)).body.data.id).toBe(cp.id);

    const evses = await emu.call("GET", `${CHARGE_POINTS}/${cp.id}/evses?cursor=&include[]=connectors`);
    expect(
      evses.body.data.map(
        (e: {
          id: number;
          hardwareStatus: string;
          powerOptions: { maxPower: number };
          connectors: Array<{ type: string }>;
        }) => [e.id, e.hardwareStatus, e.powerOptions.maxPower, e.connectors.map((c) => c.type)],
      ),
    ).toEqual([
      [50101, "available", 50_000, ["ccs2"]],
      // The seed's running session is on 50102 (issue 38: the hardware status follows the sessions).
      [50102, "charging", 22_000, ["type2"]],
    ]);
    const evse = await emu.call("GET", `${CHARGE_POINTS}/${cp.id}/evses/50102`);
    expect(evse.body.data.currentType).toBe("ac");
    expect(evse.body.data).not.toHaveProperty("connectors");
    const connectors = await emu.call("GET", `${CHARGE_POINTS}/${cp.id}/evses/50102/connectors`);
    const connectorId = connectors.body.data[0].id as number;
    expect(
      (await emu.call("GET", `${CHARGE_POINTS}/${cp.id}/evses/50102/connectors/${connectorId}`)).body.data.type,
    ).toBe("type2");
    expect((await emu.call("GET", `${CHARGE_POINTS}/${cp.id}/evses/50101/connectors/${connectorId}`)).status).toBe(404);
    expect((await emu.call("GET", `${CHARGE_POINTS}/4242`)).status).toBe(404);
  });

  it("embeds an EVSE's connectors only with include[]=connectors; another include embeds nothing", async () => {
    const path = `${CHARGE_POINTS}/5010/evses`;
    const bare = await emu.call("GET", `${path}?cursor=`);
    expect(bare.status).toBe(200);
    expect(bare.body.data.length).toBeGreaterThan(0);
    for (const evse of bare.body.data) expect(evse).not.toHaveProperty("connectors");

    const withConnectors = await emu.call("GET", `${path}?cursor=&include[]=connectors`);
    expect(withConnectors.body.data.every((e: { connectors?: unknown[] }) => (e.connectors ?? []).length > 0)).toBe(
      true,
    );
    const both = await emu.call("GET", `${path}?include[0]=chargingProfile&include[1]=connectors`);
    expect(both.body.data[0].connectors.length).toBeGreaterThan(0);

    const other = await emu.call("GET", `${path}?include[]=tariffs&include[]=chargingProfile`);
    expect(other.status).toBe(200);
    for (const evse of other.body.data) expect(evse).not.toHaveProperty("connectors");
  });

  it("links every session's charge point to a served location", async () => {
    const sessions = await emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=&per_page=20`);
    for (const session of sessions.body.data as WireSession[]) {
      const cp = await emu.call("GET", `${CHARGE_POINTS}/${session.chargePointId}`);
      expect((await emu.call("GET", `${LOCATIONS}/${cp.body.data.locationId}`)).status).toBe(200);
    }
  });
});
