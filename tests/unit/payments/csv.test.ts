import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import {
  PAYMENT_CSV_COLUMNS,
  paymentCsvChunks,
  paymentCsvFilename,
  paymentCsvRow,
  paymentCsvWords,
} from "@/lib/features/payments/csv";
import { transaction } from "./fixtures";

const words = paymentCsvWords(translatorFor("en"));

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

describe("payment CSV rows", () => {
  it("writes a charge with UTC and Amsterdam times, a dot decimal and its invoice", () => {
    expect(paymentCsvRow(transaction(), words)).toBe(
      "9001,2026-03-14T17:02:11Z,2026-03-14T18:02:11+01:00,Charging session,70001,no,12.50,0.00,EUR,Paid,501\r\n",
    );
  });

  it("writes a voucher-paid top-up without session or invoice, and keeps the cents", () => {
    const row = paymentCsvRow(
      transaction({
        kind: "topup_package",
        sessionId: null,
        voucherId: 3,
        invoiceId: null,
        amount: 20.1,
        status: "refunded",
      }),
      words,
    );
    expect(row).toBe("9001,2026-03-14T17:02:11Z,2026-03-14T18:02:11+01:00,Top-up,,yes,20.10,0.00,EUR,Refunded,\r\n");
  });

  it("leaves an unreadable date and amount empty instead of writing NaN, and guards a formula currency", () => {
    const row = paymentCsvRow(transaction({ date: "soon", amount: Number.NaN, currency: "=HYPERLINK()" }), words);
    expect(row).toBe("9001,,,Charging session,70001,no,,0.00,'=HYPERLINK(),Paid,501\r\n");
  });

  it("has the header in the driver's language with one column per cell", () => {
    const de = paymentCsvWords(translatorFor("de"));
    expect(words.header).toBe(`${PAYMENT_CSV_COLUMNS.join(",")}\r\n`);
    expect(de.header.split(",")).toHaveLength(PAYMENT_CSV_COLUMNS.length);
    expect(paymentCsvRow(transaction(), de)).toContain(",Ladevorgang,70001,nein,12.50,0.00,EUR,Bezahlt,");
    expect(paymentCsvRow(transaction(), words).split(",")).toHaveLength(PAYMENT_CSV_COLUMNS.length);
  });
});

describe("the balance change column", () => {
  it("is signed with a dot decimal: a credit, a debit from the balance, 0.00 for a card payment", () => {
    const cell = (t: Parameters<typeof transaction>[0]) =>
      paymentCsvRow(transaction(t), words).split(",")[PAYMENT_CSV_COLUMNS.indexOf("balance_change")];
    expect(cell({ kind: "topup_package", billingType: "internal", amount: 10, balanceEffect: 10 })).toBe("10.00");
    expect(cell({ billingType: "internal", amount: 3.2, balanceEffect: -3.2 })).toBe("-3.20");
    expect(cell({ balanceEffect: -0 })).toBe("0.00");
    expect(words.header.split(",")[PAYMENT_CSV_COLUMNS.indexOf("balance_change")]).toBe("balance_change");
  });
});

describe("paymentCsvChunks", () => {
  it("puts the header on the first chunk and one chunk per page, skipping empty pages", async () => {
    const chunks: string[] = [];
    for await (const chunk of paymentCsvChunks(
      pagesOf([transaction({ id: 1 })], [], [transaction({ id: 2 }), transaction({ id: 3 })]),
      words,
    ))
      chunks.push(chunk);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.startsWith(words.header)).toBe(true);
    expect(
      chunks
        .join("")
        .split("\r\n")
        .filter(Boolean)
        .map((line) => line.split(",")[0]),
    ).toEqual(["transaction_id", "1", "2", "3"]);
  });

  it("is the header alone for an empty ledger", async () => {
    expect(await collect(paymentCsvChunks(pagesOf(), words))).toBe(words.header);
  });

  it("names the file by the export day", () => {
    expect(paymentCsvFilename("2026-03-14")).toBe("payments-2026-03-14.csv");
  });
});
