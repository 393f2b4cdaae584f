import { describe, expect, it, vi } from "vitest";
import { loadChargePointView, parseChargePointReference } from "@/lib/features/charging";
import { priceView } from "@/lib/features/charging/charge-point";
import { pricesWithoutTax } from "@/lib/features/charging/shared";
import type { ChargingTariff, TariffPrices } from "@/lib/platform/types";

const NO_PRICES: TariffPrices = {
  perSession: null,
  connectionFee: null,
  perKwh: null,
  periodMinutes: null,
  perPeriod: null,
  timeFeeAfterMinutes: null,
  timeFeeLimit: null,
  idleFeePerMinute: null,
  idleFeeAfterMinutes: null,
  idleFeeLimit: null,
};
const tariff = (type: string, prices: Partial<TariffPrices> = {}): ChargingTariff => ({
  id: 1,
  name: null,
  type,
  currency: "EUR",
  prices: { ...NO_PRICES, ...prices },
  taxId: null,
});

describe("a charge point's reference", () => {
  it("takes what a QR code prints, percent-encoded or not", () => {
    expect(parseChargePointReference("NL*DPT*E50101")).toBe("NL*DPT*E50101");
    expect(parseChargePointReference("NL%2ADPT%2AE50101")).toBe("NL*DPT*E50101");
    expect(parseChargePointReference("DE-ABC_1.2:3")).toBe("DE-ABC_1.2:3");
  });

  it("refuses anything else, so the page answers 404 without a platform call", () => {
    for (const raw of ["", "%", "%E0%A4%A", "a/b", "<script>", "x".repeat(65), "NL DPT", "é"])
      expect(parseChargePointReference(raw)).toBeNull();
  });
});

describe("the price a tariff shows", () => {
  it("itemises flat-rate and duration+energy tariffs, and names the other kinds", () => {
    expect(priceView(tariff("duration+energy", { perKwh: 0.45 }))).toEqual({
      kind: "prices",
      currency: "EUR",
      prices: { ...NO_PRICES, perKwh: 0.45 },
      taxPercent: null,
    });
    expect(priceView(tariff("flat rate", { perSession: 4.5 })).kind).toBe("prices");
    expect(priceView(tariff("free"))).toEqual({ kind: "free" });
    expect(priceView(tariff("charging not allowed"))).toEqual({ kind: "notAllowed" });
    expect(priceView(tariff("energy tou", { perKwh: 0.3 }))).toEqual({ kind: "notItemised" });
    expect(priceView(null)).toEqual({ kind: "notAllowed" });
  });
});

describe("a platform without charging (the contract)", () => {
  it("gets the explanation, and no call is made", async () => {
    const platform = new Proxy({} as Record<string, unknown>, {
      get: vi.fn((_target, key) => (key === "charging" ? undefined : { unexpected: key })),
    });
    expect(await loadChargePointView("NL*DPT*E1", null, "en", platform)).toEqual({ status: "unsupported" });
  });
});

describe("a price without VAT", () => {
  it("takes the rate off every amount, to the fifth decimal, and leaves minutes and missing components alone", () => {
    const net = pricesWithoutTax(
      { ...NO_PRICES, perKwh: 0.59, connectionFee: 0.99, periodMinutes: 1, perPeriod: 0.05, timeFeeAfterMinutes: 45 },
      21,
    );
    expect(net).toEqual({
      ...NO_PRICES,
      perKwh: 0.4876,
      connectionFee: 0.81818,
      periodMinutes: 1,
      perPeriod: 0.04132,
      timeFeeAfterMinutes: 45,
    });
    expect(pricesWithoutTax({ ...NO_PRICES, perKwh: 0.45 }, 0).perKwh).toBe(0.45);
  });
});
