import { describe, expect, it } from "vitest";
import { CP, EVSES_V20, EVSES_V21, chargingBenchForSuite } from "./charging-harness";

/**
 * Issue 38: the charging network as the EVSE resources show it (v2.0 of the charging subset, v2.1 and the charge
 * point read of the other), every answer checked against the subsets.
 */
const bench = chargingBenchForSuite();

interface WireEvse {
  id: number;
  chargePointId: number;
  physicalReference: string;
  networkId: string;
  type: "ac" | "dc";
  status: string;
  hardwareStatus: string | null;
  tariffGroupId: number | null;
  maxPowerKw: number;
  connectors: Array<{ id: number; type: string }>;
}

const list = async (query: string): Promise<WireEvse[]> => {
  const answer = await bench.emu.call("GET", `${EVSES_V20}?cursor=&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
};
const ids = (evses: WireEvse[]) => evses.map((e) => e.id);

describe("the seeded network", () => {
  it("has charge points with 1–9 EVSEs each, AC and DC, unique printed references and network ids from 1", async () => {
    const evses = await list("");
    const byChargePoint = new Map<number, WireEvse[]>();
    for (const evse of evses)
      byChargePoint.set(evse.chargePointId, [...(byChargePoint.get(evse.chargePointId) ?? []), evse]);
    expect([...byChargePoint.keys()].sort()).toEqual([CP.westerpark, CP.zuidas, CP.sciencePark, CP.haarlem]);
    for (const points of byChargePoint.values()) {
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(9);
      expect(points.map((e) => e.networkId)).toEqual(points.map((_, i) => String(i + 1)));
    }
    expect(new Set(evses.map((e) => e.type))).toEqual(new Set(["ac", "dc"]));
    expect(new Set(evses.map((e) => e.physicalReference)).size).toBe(evses.length);
    expect(evses.every((e) => e.connectors.length > 0 && e.maxPowerKw > 0)).toBe(true);
  });

  it("shows live and operator statuses: the seed's running session charges, one EVSE is unavailable, one out of order", async () => {
    const evses = await list("");
    const status = Object.fromEntries(evses.map((e) => [e.id, [e.status, e.hardwareStatus]]));
    expect(status[50102]).toEqual(["active", "charging"]);
    expect(status[50403]).toEqual(["active", "unavailable"]);
    expect(status[50404]).toEqual(["out of order", "faulted"]);
    expect(status[50203]).toEqual(["active", "available"]);
  });

  it("marks the deprecated v2.0 answers with Deprecation, and pages them in both modes", async () => {
    const cursor = await bench.emu.call("GET", `${EVSES_V20}?cursor=&per_page=5`);
    expect(cursor.headers.get("deprecation")).toBe("true");
    expect(cursor.body.data).toHaveLength(5);
    expect((await bench.emu.get(cursor.body.links.next)).body.data).toHaveLength(5);
    const pages = await bench.emu.call("GET", `${EVSES_V20}?page=2&per_page=5`);
    expect(pages.body.meta).toMatchObject({ current_page: 2, total: 16 });
    expect((await bench.emu.call("GET", `${EVSES_V20}/50101`)).headers.get("deprecation")).toBe("true");
  });
});

describe("EVSE v2.0 filters and read", () => {
  it("finds an EVSE by the reference printed on it (the QR code), exactly", async () => {
    const [evse] = await list("filter[physicalReference]=NL*DPT*E50203");
    expect(evse).toMatchObject({ id: 50203, chargePointId: CP.zuidas, networkId: "3", type: "ac", tariffGroupId: 21 });
    expect(await list(`filter[physicalReference]=${encodeURIComponent("nl*dpt*e50203")}`)).toEqual([]);
    expect(await list("filter[physicalReference]=50203")).toEqual([]);
  });

  it("filters by charge point, statuses, type, connector, tariff group and roaming platform", async () => {
    expect(ids(await list(`filter[chargePointId]=${CP.zuidas}`))).toEqual([50201, 50202, 50203, 50204]);
    expect(ids(await list("filter[hardwareStatus]=charging"))).toEqual([50102]);
    expect(ids(await list("filter[evseStatus]=out of order"))).toEqual([50404]);
    expect(ids(await list("filter[tariffGroupId]=29"))).toEqual([50204]);
    expect((await list("filter[evseType]=dc")).every((e) => e.type === "dc")).toBe(true);
    expect(ids(await list("filter[connectorId]=501011"))).toEqual([50101]);
    expect(await list("filter[roamingPlatformId]=2")).toEqual([]);
  });

  it("matches nothing for a value no EVSE can have (the listing declares no 422)", async () => {
    expect(await list("filter[chargePointId]=abc")).toEqual([]);
    expect(await list("filter[hardwareStatus]=busy")).toEqual([]);
    expect(await list("filter[partnerId]=1116")).toEqual([]);
  });

  it("reads one EVSE with its connectors and tariff group; an unknown id is a 404", async () => {
    expect(await bench.evse(50404)).toMatchObject({ status: "out of order", hardwareStatus: "faulted" });
    const dc = await bench.evse(50101);
    expect(dc).toMatchObject({ type: "dc", maxPowerKw: 50, tariffGroupId: 22, networkId: "1" });
    expect(dc.connectors).toEqual([{ id: 501011, type: "ccs2", format: "cable", status: "active" }]);
    expect((await bench.emu.call("GET", `${EVSES_V20}/99999`)).status).toBe(404);
    expect((await bench.emu.call("GET", `${EVSES_V20}/abc`)).status).toBe(404);
  });

  it("gives a generated site's EVSE no tariff group (the free tariff) and a partner's roaming EVSE its roaming block", async () => {
    await bench.settings({ generatedLocations: 1, roamingLocations: true });
    const [generated] = await list("filter[physicalReference]=NL*DPT*E1000101");
    expect(generated).toMatchObject({ tariffGroupId: null, roaming: null });
    const [roaming] = await list("filter[roamingPlatformId]=2");
    expect(roaming).toMatchObject({ id: 90101, roaming: { evseId: "NL*DPT*E90101", status: "available" } });
  });
});

describe("EVSE v2.1 and the charge point read", () => {
  it("show the same EVSE: v2.1 by reference, with connectors when asked, and the charge point against both subsets", async () => {
    const listed = await bench.emu.call("GET", `${EVSES_V21}?cursor=&filter[physicalReference]=NL*DPT*E50102`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      id: 50102,
      chargePointId: CP.westerpark,
      networkId: "2",
      status: "enabled",
      hardwareStatus: "charging",
      tariffGroupId: 21,
    });
    expect(listed.body.data[0]).not.toHaveProperty("connectors");
    const read = await bench.emu.call("GET", `${EVSES_V21}/50404?include[]=connectors`);
    expect(read.body.data).toMatchObject({ status: "out of order", hardwareStatus: "faulted" });
    expect(read.body.data.connectors).toHaveLength(1);
    const chargePoint = await bench.emu.call("GET", `/public-api/resources/charge-points/v2.0/${CP.zuidas}`);
    expect(chargePoint.body.data).toMatchObject({ id: CP.zuidas, locationId: 502 });
  });

  it("numbers each charge point's only EVSE 1 when every EVSE has its own charge point", async () => {
    await bench.settings({ chargePoints: "one-per-evse" });
    const [evse] = await list("filter[physicalReference]=NL*DPT*E50203");
    expect(evse).toMatchObject({ chargePointId: 502031, networkId: "1" });
  });
});
