import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { ampecoEmulatorForSuite, ID_TAGS, SESSIONS, LOCATIONS, CHARGE_POINTS } from "./harness";

/**
 * Issue 34: the tenant alternatives the emulator plays, each a setting (emulators/platform/settings.ts). Every
 * /public-api answer is validated against the subset by the harness.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/;

const emu = ampecoEmulatorForSuite({ seedLocations: true });

const settings = async (body: Record<string, unknown>) =>
  expect((await emu.call("PUT", "/__emulator/settings", { body })).status).toBe(200);

async function walk(first: string): Promise<Array<Record<string, any>>> {
  const all: Array<Record<string, any>> = [];
  let next: string | null = first;
  while (next) {
    const page: { body: { data: Array<Record<string, any>>; links: { next: string | null } } } = next.startsWith("http")
      ? await emu.get(next)
      : await emu.call("GET", next);
    all.push(...page.body.data);
    next = page.body.links.next;
  }
  return all;
}

describe("sessionIds: uuid", () => {
  it("lists and reads sessions by UUIDs; the number no longer names one; transactions keep the subset's integer", async () => {
    await settings({ sessionIds: "uuid" });
    const sessions = await walk(`${SESSIONS}?filter[userId]=${SECOND_DRIVER_ID}&cursor=`);
    expect(sessions.length).toBeGreaterThan(10);
    expect(sessions.every((s) => UUID.test(s.id))).toBe(true);
    const one = await emu.call("GET", `${SESSIONS}/${sessions[0]!.id}`);
    expect(one.body.data.id).toBe(sessions[0]!.id);
    const storeId = parseInt(sessions[0]!.id.slice(-12), 16);
    expect((await emu.call("GET", `${SESSIONS}/${storeId}`)).status).toBe(404);
    const transactions = await emu.call(
      "GET",
      `/public-api/resources/transactions/v1.0?filter[userId]=${DEMO_DRIVER_ID}`,
    );
    const withSession = (transactions.body.data as Array<{ sessionId: number | null }>).find(
      (t) => t.sessionId !== null,
    );
    expect(Number.isInteger(withSession?.sessionId)).toBe(true);
    const stop = await emu.call(
      "POST",
      `/__emulator/sessions/${(await walk(`${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`))[0]!.id}/stop`,
    );
    expect(stop.status).toBe(200);
  });
});

describe("idTagUids: lower", () => {
  it("shows the seed's UIDs in lower case, stores a new one so, filters exactly and refuses the same UID in another case", async () => {
    await settings({ idTagUids: "lower" });
    const tags = await walk(`${ID_TAGS}?filter[userId]=${DEMO_DRIVER_ID}&cursor=`);
    expect(tags.map((t) => t.idTagUid)).toContain("04a1b2c3d4e5f6");
    expect((await emu.call("GET", `${ID_TAGS}?filter[idTagUid]=04A1B2C3D4E5F6&cursor=`)).body.data).toEqual([]);
    expect((await emu.call("GET", `${ID_TAGS}?filter[idTagUid]=04a1b2c3d4e5f6&cursor=`)).body.data).toHaveLength(1);

    const created = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04ABCDEF99", status: "enabled", type: "rfid", userId: SECOND_DRIVER_ID },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.idTagUid).toBe("04abcdef99");
    const again = await emu.call("POST", ID_TAGS, {
      body: { idTagUid: "04AbCdEf99", status: "enabled", type: "rfid", userId: DEMO_DRIVER_ID },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ idTagUid: ["The id tag uid has already been taken."] });
  });
});

describe("roamingLocations and generatedLocations", () => {
  it("lists a partner's sites with their roaming operator, and filter[roaming] picks own or partners' sites", async () => {
    await settings({ roamingLocations: true });
    const all = await walk(`${LOCATIONS}?cursor=`);
    expect(all.map((l) => l.id)).toEqual([501, 502, 503, 504, 901, 902]);
    const partner = all.find((l) => l.id === 901)!;
    expect(partner).toMatchObject({ roamingOperatorId: 2, roaming: { operator: { name: "Partner CPO" } } });
    expect((await walk(`${LOCATIONS}?filter[roaming]=false&cursor=`)).map((l) => l.id)).toEqual([501, 502, 503, 504]);
    expect((await walk(`${LOCATIONS}?filter[roaming]=1&cursor=`)).map((l) => l.id)).toEqual([901, 902]);
    // The listing declares no 422: another value filters nothing.
    expect(await walk(`${LOCATIONS}?filter[roaming]=maybe&cursor=`)).toHaveLength(6);
  });

  it("adds generated own sites, listed 100 a page, each with a charge point and an EVSE", async () => {
    await settings({ generatedLocations: 250, roamingLocations: false });
    const all = await walk(`${LOCATIONS}?cursor=`);
    expect(all).toHaveLength(254);
    const last = all.at(-1)!;
    const points = await emu.call("GET", `${CHARGE_POINTS}?filter[locationId]=${last.id}&cursor=`);
    expect(points.body.data).toHaveLength(1);
    const evses = await emu.call("GET", `${CHARGE_POINTS}/${points.body.data[0].id}/evses?include[]=connectors`);
    expect(evses.body.data).toHaveLength(1);
  });
});

describe("chargePoints: one-per-evse", () => {
  it("gives a location a charge point per EVSE, and each session the charge point of its EVSE", async () => {
    await settings({ chargePoints: "one-per-evse" });
    const points = await emu.call("GET", `${CHARGE_POINTS}?filter[locationId]=501&cursor=`);
    expect(points.body.data.map((cp: { id: number; locationId: number }) => [cp.id, cp.locationId])).toEqual([
      [501011, 501],
      [501021, 501],
    ]);
    const evses = await emu.call("GET", `${CHARGE_POINTS}/501021/evses?include[]=connectors`);
    expect(evses.body.data.map((e: { id: number }) => e.id)).toEqual([50102]);
    expect((await emu.call("GET", `${CHARGE_POINTS}/5010`)).status).toBe(404);

    const [session] = await walk(`${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`);
    expect(session).toMatchObject({ evseId: 50102, chargePointId: 501021 });
    const byPoint = await walk(`${SESSIONS}?filter[chargePointId]=501021&filter[status]=active&cursor=`);
    expect(byPoint.map((s) => s.id)).toEqual([session!.id]);
  });
});

describe("the tenant's records", () => {
  it("reads the base currency through settings v1.0 and currencies v2.0, and a user group with its partner", async () => {
    await settings({ baseCurrency: "GBP", userGroups: [{ id: 257, name: "Fleet", partnerId: 1117 }] });
    const tenant = await emu.call("GET", "/public-api/resources/settings/v1.0");
    const currency = await emu.call("GET", `/public-api/resources/currencies/v2.0/${tenant.body.data.baseCurrency.id}`);
    expect(currency.body).toMatchObject({ alphabeticCode: "GBP" });
    expect((await emu.call("GET", "/public-api/resources/currencies/v2.0/999")).status).toBe(404);
    const group = await emu.call("GET", "/public-api/resources/user-groups/v1.0/257");
    expect(group.body.data).toMatchObject({ id: 257, partnerId: 1117 });
  });
});
