import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { CP, paymentMethodsPath, stopPath, chargingBenchForSuite } from "./charging-harness";

/**
 * Issue 38: what charging costs and how a driver pays: tariffs, tariff groups and snapshots, payment methods, top-up
 * packages, receipts, and the seller a receipt names (partners v2.0: settings v1.0 names no company). Every answer is
 * checked against the subsets.
 */
const TARIFFS = "/public-api/resources/tariffs/v1.0";
const RECEIPTS = "/public-api/resources/receipts/v2.0";
const bench = chargingBenchForSuite();

const get = async (path: string) => {
  const answer = await bench.emu.call("GET", path);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const tariffIds = async (query: string) =>
  ((await get(`${TARIFFS}?${query}`)).data as Array<{ id: number }>).map((t) => t.id);

describe("tariffs, tariff groups and snapshots", () => {
  it("list every tariff with its components, and read one; an unknown id is a 404", async () => {
    const listed = await get(`${TARIFFS}?cursor=`);
    expect(listed.data.map((t: { type: string }) => t.type)).toEqual(
      expect.arrayContaining(["free", "duration+energy", "flat rate", "charging not allowed"]),
    );
    const dc = (await get(`${TARIFFS}/13`)).data;
    expect(dc).toMatchObject({ currency: "EUR", restrictions: { applyToAdHocUsers: true } });
    expect(dc.pricing).toMatchObject({
      connectionFee: 0.99,
      pricePerKwh: 0.59,
      pricePeriodInMinutes: 1,
      pricePerPeriod: 0.05,
      durationFeeGracePeriod: 45,
      idleFeePerMinute: 0.25,
      idleFeeGracePeriodMinutes: 10,
    });
    expect((await bench.emu.call("GET", `${TARIFFS}/999`)).status).toBe(404);
  });

  it("resolve a group's tariff for a driver (the last that fits) and for an ad-hoc driver (an empty userId)", async () => {
    expect(await tariffIds("filter[tariffGroupId]=21&cursor=")).toEqual([11, 12]);
    expect(await tariffIds(`filter[tariffGroupId]=21&filter[userId]=${SECOND_DRIVER_ID}`)).toEqual([12]);
    expect(await tariffIds("filter[tariffGroupId]=21&filter[userId]=")).toEqual([11]);
    expect(await tariffIds(`filter[tariffGroupId]=29&filter[userId]=${DEMO_DRIVER_ID}`)).toEqual([19]);
    expect(await tariffIds("filter[tariffGroupId]=29&filter[userId]=")).toEqual([19]);
    const single = await get(`${TARIFFS}?filter[tariffGroupId]=22&filter[userId]=${DEMO_DRIVER_ID}`);
    expect(single).not.toHaveProperty("meta");
    expect(await tariffIds("filter[type]=free")).toEqual([1]);
    expect(await tariffIds("filter[tariffGroupId]=abc")).toEqual([]);
  });

  it("read a group with its ordered tariffs, and a session's snapshot of the tariff its start fixed", async () => {
    expect((await get("/public-api/resources/tariff-groups/v1.0/22")).data).toMatchObject({ tariffIds: [13, 14] });
    expect((await bench.emu.call("GET", "/public-api/resources/tariff-groups/v1.0/23")).status).toBe(404);
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    const session = await bench.session(sessionId);
    const snapshot = (await get(`/public-api/resources/tariff-snapshots/v1.0/${session.tariffSnapshotId}`)).data;
    expect(snapshot).toMatchObject({ id: session.tariffSnapshotId, tariffId: 12, name: "AC portal drivers" });
    expect((await bench.emu.call("GET", "/public-api/resources/tariff-snapshots/v1.0/1")).status).toBe(404);
  });

  it("charge a fleet driver the flat rate at the fleet's bay, and nothing on a site without a tariff group", async () => {
    await bench.settings({
      startMinimumBalance: 0,
      generatedLocations: 1,
      partners: [
        { id: 1116, name: "Driver Portal", createUsers: true, addUserBalance: true },
        { id: 1117, name: "Fleet reseller", createUsers: true, addUserBalance: true },
      ],
    });
    const created = await bench.emu.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "fleet@example.com", password: "secret12", partnerId: 1117 },
    });
    const fleet = await bench.start(CP.zuidas, 4, { userId: Number(created.body.data.id) });
    const free = await bench.start(100010, 1, { userId: NEW_DRIVER_ID });
    bench.advance(40 * 60_000);
    for (const [cp, started] of [
      [CP.zuidas, fleet],
      [100010, free],
    ] as const)
      expect((await bench.emu.call("POST", stopPath(cp, started.sessionId))).status).toBe(202);
    expect((await bench.session(fleet.sessionId)).totalAmount.withTax).toBe(4.5);
    const freeSession = await bench.session(free.sessionId);
    expect(freeSession.energy).toBeGreaterThan(0);
    expect(freeSession.totalAmount.withTax).toBe(0);
    expect(freeSession).not.toHaveProperty("receiptId");
  });
});

describe("payment methods", () => {
  it("list the balance and the saved cards: the demo driver's card (default) and an expired one", async () => {
    const listed = await get(paymentMethodsPath(DEMO_DRIVER_ID));
    expect(listed.data.map((m: { id: string | null; type: string }) => [m.id, m.type])).toEqual([
      [null, "balance"],
      ["pm_card_1001", "tokenized"],
      ["pm_card_1001_2", "tokenized"],
    ]);
    expect(listed.data[1]).toMatchObject({ default: true, issuer: "visa", name: "**** 4242", removedAt: null });
    expect(listed.meta).toMatchObject({ current_page: 1, total: 3 });
    expect((await get(`${paymentMethodsPath(DEMO_DRIVER_ID)}/pm_card_1001_2`)).data).toMatchObject({
      default: false,
      tokenizedType: "card",
    });
  });

  it("leave the second driver only the balance (a removed card shows its removedAt), the new driver the balance alone", async () => {
    const second = (await get(paymentMethodsPath(SECOND_DRIVER_ID))).data;
    expect(second.map((m: { type: string }) => m.type)).toEqual(["balance", "tokenized"]);
    expect(second[1].removedAt).toEqual(expect.any(String));
    expect((await get(paymentMethodsPath(NEW_DRIVER_ID))).data).toEqual([
      expect.objectContaining({ id: null, type: "balance", default: false }),
    ]);
  });

  it("answer 404 for another driver's card, an unknown one or an unknown user; a fleet driver has no balance", async () => {
    expect((await bench.emu.call("GET", `${paymentMethodsPath(SECOND_DRIVER_ID)}/pm_card_1001`)).status).toBe(404);
    expect((await bench.emu.call("GET", `${paymentMethodsPath(DEMO_DRIVER_ID)}/null`)).status).toBe(404);
    // The listing declares no 404; the emulator answers one for an unknown user, as the read does (*inferred*).
    expect((await bench.unchecked("GET", paymentMethodsPath(999_999))).status).toBe(404);
    const created = await bench.emu.call("POST", "/public-api/resources/users/v1.1", {
      body: { email: "fleet2@example.com", password: "secret12", partnerId: 1117 },
    });
    expect((await get(paymentMethodsPath(created.body.data.id))).data).toEqual([]);
  });

  it("and the top-up packages the app sells, filtered by enabled", async () => {
    expect((await get("/public-api/resources/top-up-packages/v2.0")).data).toHaveLength(3);
    expect((await get("/public-api/resources/top-up-packages/v2.0?filter[enabled]=false")).data).toEqual([
      { id: 13, price: 100, bonus: 5, enabled: false },
    ]);
  });
});

describe("receipts and the seller", () => {
  it("list receipts of billed sessions per user, read one, 404 for an unknown id; a period filter matches none", async () => {
    const listed = await get(`${RECEIPTS}?filter[userId]=${SECOND_DRIVER_ID}&per_page=5`);
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.every((r: { userId: number }) => r.userId === SECOND_DRIVER_ID)).toBe(true);
    const first = listed.data[0];
    expect((await get(`${RECEIPTS}/${first.id}`)).data).toEqual(first);
    expect((await bench.emu.call("GET", `${RECEIPTS}/1`)).status).toBe(404);
    expect((await get(`${RECEIPTS}?filter[periodStart]=2026-01-01T00:00:00Z`)).data).toEqual([]);
    expect((await get(`${RECEIPTS}?filter[taxId]=1&per_page=1`)).data).toHaveLength(1);
  });

  it("name the seller in partners v2.0 (company, address, VAT number, shown on receipts); settings v1.0 carries none", async () => {
    const partner = (await get("/public-api/resources/partners/v2.0/1116")).data;
    expect(partner).toMatchObject({
      businessName: "Driver Portal B.V.",
      vatNo: "NL859123456B01",
      address: "Keizersgracht 500",
      postcode: "1017 EK",
      city: "Amsterdam",
      country: "NL",
      options: { supplierOnReceipts: true },
    });
    const settings = (await get("/public-api/resources/settings/v1.0")).data;
    expect(Object.keys(settings).sort()).toEqual(["baseCurrency", "defaultTax"]);
    expect((await get(`/public-api/resources/currencies/v2.0/${settings.baseCurrency.id}`)).alphabeticCode).toBe("EUR");
  });
});
