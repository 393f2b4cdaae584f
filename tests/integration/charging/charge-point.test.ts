import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 38, a charge point's page: the EVSE a QR code names, its charge point's other EVSEs, the place, and the price
 * each tariff group applies (signed out: the ad-hoc tariff; a portal driver: the members' one), on the ampeco emulator.
 */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));

const { loadChargePointView, loadPaymentChoices } = await import("@/lib/features/charging");

const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });

async function portalDriver() {
  const user = await h.client.users.createUser({
    email: "qr@example.com",
    password: "long enough password 1",
    firstName: "Quinn",
    lastName: "Reader",
  });
  return user.id;
}

describe("a charge point's page", () => {
  it("shows the place in the page's language and every EVSE of the charge point, with its live status", async () => {
    const view = await loadChargePointView("NL*DPT*E50102", null, "nl");
    expect(view).toMatchObject({
      status: "ok",
      reference: "NL*DPT*E50102",
      place: { name: "Laadplein Westerpark", city: "Amsterdam" },
    });
    if (view.status !== "ok") throw new Error("unreachable");
    expect(view.evses.map((e) => [e.reference, e.status, e.currentType])).toEqual([
      ["NL*DPT*E50101", "available", "dc"],
      // The seed's running session charges here: the status is the platform's live one.
      ["NL*DPT*E50102", "charging", "ac"],
    ]);
    expect(view.evses[0]!.connectors).toEqual([{ type: "CCS2", powerKw: 50 }]);
  });

  it("prices each EVSE by its tariff group: the ad-hoc tariff signed out, the members' tariff for a portal driver", async () => {
    const signedOut = await loadChargePointView("NL*DPT*E50101", null, "en");
    const driver = await loadChargePointView("NL*DPT*E50101", await portalDriver(), "en");
    const prices = (view: typeof signedOut) =>
      view.status === "ok" ? view.evses.map((e) => (e.price.kind === "prices" ? e.price.prices : e.price)) : [];
    expect(prices(signedOut)).toMatchObject([
      { connectionFee: 0.99, perKwh: 0.59, periodMinutes: 1, perPeriod: 0.05, timeFeeAfterMinutes: 45 },
      { connectionFee: 0.35, perKwh: 0.45, periodMinutes: 60, perPeriod: 0.6, idleFeePerMinute: 0.1 },
    ]);
    expect(prices(driver)).toMatchObject([
      { connectionFee: 0.49, perKwh: 0.55 },
      { connectionFee: null, perKwh: 0.39, perPeriod: 0.5 },
    ]);
    if (signedOut.status === "ok" && signedOut.evses[0]!.price.kind === "prices")
      expect(signedOut.evses[0]!.price.currency).toBe("EUR");
    // The VAT the prices include, at the rate a receipt of the tariff's tax (the default) states.
    if (signedOut.status === "ok") expect(signedOut.evses[0]!.price).toMatchObject({ taxPercent: 21 });
  });

  it("learns a tax's rate once per client, from one receipt of that tax; none for a tax no receipt names", async () => {
    const before = (await h.state()).requestLog.length;
    await loadChargePointView("NL*DPT*E50201", null, "en");
    await loadChargePointView("NL*DPT*E50201", null, "en");
    const reads = (await h.state()).requestLog.slice(before).filter((r) => r.path.endsWith("/receipts/v2.0"));
    expect(reads.length).toBeLessThanOrEqual(1);
    for (const read of reads) expect(new URLSearchParams(read.query).get("filter[taxId]")).toBe("1");
    const direct = (await h.state()).requestLog.length;
    expect(await h.client.charging!.taxPercent(null)).toBe(21);
    const [read] = (await h.state()).requestLog.slice(direct).filter((r) => r.path.endsWith("/receipts/v2.0"));
    // Page mode as published, without the deprecated `page` (the e2e request log's rule for every listing).
    expect(Object.fromEntries(new URLSearchParams(read!.query))).toEqual({ "filter[taxId]": "1", per_page: "1" });
    expect(await h.client.charging!.taxPercent(99)).toBeNull();
  });

  it("reads each tariff group once, and the tariff listing with the driver's id", async () => {
    const userId = await portalDriver();
    await loadChargePointView("NL*DPT*E50201", userId, "en");
    const tariffReads = (await h.state()).requestLog.filter((r) => r.path === "/public-api/resources/tariffs/v1.0");
    // Location 502: two DC spots, one AC and one fleet bay, so three groups.
    expect(tariffReads).toHaveLength(3);
    for (const read of tariffReads) expect(new URLSearchParams(read.query).get("filter[userId]")).toBe(String(userId));
  });

  it("says a spot where only fleet drivers may charge is not open to a driver without an account", async () => {
    const view = await loadChargePointView("NL*DPT*E50201", null, "en");
    if (view.status !== "ok") throw new Error(`expected the charge point, got ${view.status}`);
    expect(view.evses.map((e) => e.price.kind)).toContain("notAllowed");
  });

  it("is not found for a reference no EVSE carries", async () => {
    expect(await loadChargePointView("NL*DPT*E99999", null, "en")).toEqual({ status: "notFound" });
  });

  it("keeps the page when a tariff cannot be read: that EVSE's price says so", async () => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "^/public-api/resources/tariffs/v1\\.0$", status: 500, times: 100 }],
    });
    const view = await loadChargePointView("NL*DPT*E50101", null, "en");
    if (view.status !== "ok") throw new Error(`expected the charge point, got ${view.status}`);
    expect(view.evses.map((e) => e.price.kind)).toEqual(["unavailable", "unavailable"]);
  });
});

describe("how a driver would pay", () => {
  it("lists the balance with its amount and the saved cards, the expired one marked, a removed one left out", async () => {
    const view = await loadPaymentChoices(DEMO_DRIVER_ID);
    expect(view).toMatchObject({ status: "ok", balance: { currency: "EUR" } });
    if (view?.status !== "ok") throw new Error("unreachable");
    expect(view.balance!.amount).toBeTypeOf("number");
    expect(view.methods.map((m) => [m.kind, m.issuer, m.name, m.isDefault, m.expired])).toEqual([
      ["card", "visa", "**** 4242", true, false],
      ["card", "mastercard", "**** 5454", false, true],
    ]);
    const second = await loadPaymentChoices(SECOND_DRIVER_ID);
    expect(second?.status === "ok" && second.methods).toEqual([]);
  });

  it("says so, without failing the page, when the platform cannot list them", async () => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "/payment-methods$", status: 500, times: 100 }],
    });
    expect(await loadPaymentChoices(DEMO_DRIVER_ID)).toEqual({ status: "error" });
  });
});
