import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import {
  balanceChangeKindOf,
  describeTransaction,
  invoiceFilename,
  isCreditNote,
  KIND_KEYS,
  safeInvoiceNumber,
} from "@/lib/features/payments/labels";
import { PAYMENT_KINDS } from "@/lib/features/payments/filters";
import { transaction } from "./fixtures";

describe("describeTransaction", () => {
  it("makes a charge a link to its session", () => {
    expect(describeTransaction(transaction())).toEqual({ kindKey: "charge", sessionId: "70001", paidByVoucher: false });
  });

  it("names a top-up, a fee, a subscription and an authorisation without a session link", () => {
    expect(describeTransaction(transaction({ kind: "topup_package", sessionId: "5" })).sessionId).toBeNull();
    expect(describeTransaction(transaction({ kind: "topup_package" })).kindKey).toBe("topUp");
    expect(describeTransaction(transaction({ kind: "custom_fee" })).kindKey).toBe("fee");
    expect(describeTransaction(transaction({ kind: "subscription_plan" })).kindKey).toBe("subscription");
    expect(describeTransaction(transaction({ kind: "payment_authorisation" })).kindKey).toBe("authorisation");
  });

  it("says when a voucher paid, and leaves a charge without a session unlinked", () => {
    expect(describeTransaction(transaction({ voucherId: 44 })).paidByVoucher).toBe(true);
    expect(describeTransaction(transaction({ sessionId: null })).sessionId).toBeNull();
  });

  it("has words for every kind in every language, and different words per kind", () => {
    for (const locale of ["en", "nl", "de"] as const) {
      const t = translatorFor(locale);
      const words = PAYMENT_KINDS.map((kind) => t(`payments.kinds.${KIND_KEYS[kind]}`));
      expect(new Set(words).size).toBe(PAYMENT_KINDS.length);
    }
  });
});

describe("invoice labels and file names", () => {
  it("labels a credit note as one, anything else as an invoice, in every language", () => {
    expect(isCreditNote({ type: "credit_note" })).toBe(true);
    expect(isCreditNote({ type: "invoice" })).toBe(false);
    expect(isCreditNote({ type: "pro_forma" })).toBe(false);
    expect(translatorFor("en")("payments.downloadCreditNote", { number: "CN-7" })).toBe("Download credit note CN-7");
    expect(translatorFor("nl")("payments.downloadCreditNote", { number: "CN-7" })).toBe("Creditnota CN-7 downloaden");
    expect(translatorFor("de")("payments.downloadInvoice", { number: "R-1" })).toBe("Rechnung R-1 herunterladen");
  });

  it("keeps a plain number as it is", () => {
    expect(invoiceFilename({ id: 1, number: "INV-2026-0001" })).toBe("invoice-INV-2026-0001.pdf");
  });

  it("sanitises quotes, slashes, line breaks and path tricks out of the file name", () => {
    expect(invoiceFilename({ id: 7, number: 'A"; filename=evil.exe\r\nX: y' })).toBe(
      "invoice-A-filename-evil.exe-X-y.pdf",
    );
    expect(safeInvoiceNumber({ id: 7, number: "../../etc/passwd" })).toBe("etc-passwd");
    expect(safeInvoiceNumber({ id: 7, number: "2026/03 №5" })).toBe("2026-03-No5");
    expect(safeInvoiceNumber({ id: 7, number: "////" })).toBe("7");
    expect(safeInvoiceNumber({ id: 7, number: "x".repeat(500) })).toHaveLength(80);
  });
});

describe("balanceChangeKindOf", () => {
  it("tells a credit, a debit, a card payment and a line that moved nothing apart", () => {
    expect(balanceChangeKindOf(transaction({ kind: "topup_package", balanceEffect: 10 }))).toBe("credit");
    expect(balanceChangeKindOf(transaction({ billingType: "internal", balanceEffect: -3.2 }))).toBe("debit");
    expect(balanceChangeKindOf(transaction())).toBe("paidByCard");
    expect(balanceChangeKindOf(transaction({ status: "pending" }))).toBe("unchanged");
    expect(balanceChangeKindOf(transaction({ kind: "payment_authorisation" }))).toBe("unchanged");
    expect(balanceChangeKindOf(transaction({ billingType: "internal", status: "failed" }))).toBe("unchanged");
  });
});
