import { describe, expect, it } from "vitest";
import { VoucherCodeSchema } from "@/lib/features/vouchers/voucher-code";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";
import { sameBalance, toBalanceView } from "@/lib/features/accounts/balance-view";

describe("VoucherCodeSchema", () => {
  it("trims and keeps the case (the platform matches case-insensitively)", () => {
    expect(VoucherCodeSchema.parse("  welcome10 ")).toBe("welcome10");
    expect(VoucherCodeSchema.parse("USED-2025")).toBe("USED-2025");
    expect(VoucherCodeSchema.parse("a_b-1")).toBe("a_b-1");
  });
  it.each([
    ["", "Enter the voucher code."],
    ["   ", "Enter the voucher code."],
    ["x".repeat(65), "at most 64 characters"],
    ["two words", "only letters, digits and dashes"],
    ["-LEADING", "only letters, digits and dashes"],
    ["code'; drop", "only letters, digits and dashes"],
  ])("refuses %j", (input, message) => {
    const result = VoucherCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    // The schema's messages are catalogue keys: what a driver reads is their English words.
    expect(toFieldErrors(result.error?.issues ?? [], translatorFor("en"))._form?.[0]).toContain(message);
    expect(result.error?.issues).toHaveLength(1);
  });
});

describe("balance view", () => {
  it("formats in the account currency with Intl", () => {
    expect(toBalanceView({ balance: 42.5, currency: "EUR" }, "en")).toEqual({
      amount: 42.5,
      currency: "EUR",
      formatted: "€42.50",
    });
    expect(toBalanceView({ balance: 42.5, currency: "EUR" }, "nl").formatted).toBe("€\u00a042,50");
    expect(toBalanceView({ balance: 42.5, currency: "EUR" }, "de").formatted).toBe("42,50\u00a0€");
  });
  it("a null currency (no transaction yet) gives no currency sign", () => {
    expect(toBalanceView({ balance: 0, currency: null }, "en")).toEqual({
      amount: 0,
      currency: null,
      formatted: "0.00",
    });
  });
  it("issue 24: a balance the platform does not give is not available, never zero", () => {
    expect(toBalanceView({ balance: null, currency: "EUR" }, "en")).toEqual({
      amount: null,
      currency: "EUR",
      formatted: null,
    });
    expect(
      sameBalance(
        toBalanceView({ balance: null, currency: null }, "en"),
        toBalanceView({ balance: 0, currency: null }, "en"),
      ),
    ).toBe(false);
  });
  it("a first credit that sets the currency is a change even when the amount matched", () => {
    const before = toBalanceView({ balance: 0, currency: null }, "en");
    expect(sameBalance(before, toBalanceView({ balance: 0, currency: "EUR" }, "en"))).toBe(false);
    expect(sameBalance(before, toBalanceView({ balance: 0, currency: null }, "en"))).toBe(true);
  });
});
