import type { MoneyApi } from "@/lib/platform/apis";
import type { Invoice, Transaction, TransactionFilter } from "@/lib/platform/types";

/** A MoneyApi over two drivers' ledgers, recording every call; `ignoreFilters` plays a platform that sends all rows. */

export const DRIVER_A = 1001;
export const DRIVER_B = 1002;

export interface FakeMoney extends MoneyApi {
  transactions: Transaction[];
  invoices: Map<number, Invoice>;
  calls: string[];
  filters: TransactionFilter[];
  opened: number[];
  ignoreFilters: boolean;
}

function tx(id: number, userId: number, day: string, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    date: `${day}T10:00:00Z`,
    userId,
    kind: "session",
    sessionId: String(70_000 + id),
    voucherId: null,
    amount: id / 100,
    currency: "EUR",
    status: "finalized",
    billingType: "external",
    invoiceId: null,
    receiptId: null,
    finalizedAt: `${day}T10:05:00Z`,
    balanceEffect: 0,
    ...overrides,
  };
}

function invoice(id: number, userId: number, number: string, day: string, type: Invoice["type"] = "invoice"): Invoice {
  return {
    id,
    type,
    number,
    date: `${day}T12:00:00Z`,
    userId,
    totalAmount: 10,
    taxAmount: 1.74,
    downloadUrl: `https://platform.example/invoices/${id}.pdf?signature=s${id}`,
  };
}

export function pdfBytesOf(inv: Invoice): string {
  return `%PDF-1.4\n% invoice ${inv.number} of user ${inv.userId}\n%%EOF\n`;
}

export function createFakeMoney(): FakeMoney {
  const transactions: Transaction[] = [
    // Driver A, newest first: two charges with an invoice, a credit note, a top-up paid by voucher, a fee.
    tx(120, DRIVER_A, "2026-03-20", { invoiceId: 501 }),
    tx(119, DRIVER_A, "2026-03-10", { kind: "topup_package", sessionId: null, voucherId: 7 }),
    tx(118, DRIVER_A, "2026-03-02", { status: "refunded", invoiceId: 502 }),
    tx(117, DRIVER_A, "2026-02-27", { kind: "custom_fee", sessionId: null, invoiceId: 503 }),
    tx(116, DRIVER_A, "2026-02-14", { invoiceId: 504 }),
    // Driver B: their own invoice 601; 602 is B's too but named by a row that claims to be A's (a broken platform).
    tx(220, DRIVER_B, "2026-03-18", { invoiceId: 601 }),
    tx(219, DRIVER_B, "2026-03-01", { kind: "custom_fee", sessionId: null, amount: 99.99 }),
    tx(121, DRIVER_A, "2026-01-05", { invoiceId: 602 }),
  ];
  const invoices = new Map<number, Invoice>(
    [
      invoice(501, DRIVER_A, "INV-2026-0501", "2026-03-20"),
      invoice(502, DRIVER_A, "CN-2026-0502", "2026-03-03", "credit_note"),
      invoice(503, DRIVER_A, 'INV/2026 "503"', "2026-02-27"),
      invoice(504, DRIVER_A, "PF-2026-0504", "2026-02-14", "pro_forma"),
      invoice(601, DRIVER_B, "INV-2026-0601", "2026-03-18"),
      invoice(602, DRIVER_B, "INV-2026-0602", "2026-01-05"),
    ].map((i) => [i.id, i]),
  );
  const fake: FakeMoney = {
    transactions,
    invoices,
    calls: [],
    filters: [],
    opened: [],
    ignoreFilters: false,
    async *iterateTransactions(filter) {
      fake.calls.push("iterateTransactions");
      fake.filters.push(filter);
      const rows = fake.transactions
        .filter((t) => fake.ignoreFilters || t.userId === filter.userId)
        .filter((t) => fake.ignoreFilters || !filter.kinds || filter.kinds.includes(t.kind))
        .filter(
          (t) => fake.ignoreFilters || !filter.createdAfter || Date.parse(t.date) >= Date.parse(filter.createdAfter),
        )
        .filter(
          (t) => fake.ignoreFilters || !filter.createdBefore || Date.parse(t.date) <= Date.parse(filter.createdBefore),
        )
        .sort((a, b) => b.date.localeCompare(a.date));
      for (const row of rows) yield row;
    },
    async getTransaction(id) {
      fake.calls.push("getTransaction");
      return fake.transactions.find((t) => t.id === id) ?? null;
    },
    async getInvoice(id) {
      fake.calls.push(`getInvoice ${id}`);
      const found = fake.invoices.get(id);
      // A fresh link on every read, as the platform gives.
      return found ? { ...found, downloadUrl: `${found.downloadUrl}&read=${fake.calls.length}` } : null;
    },
    async openInvoicePdf(inv) {
      fake.calls.push(`openInvoicePdf ${inv.id}`);
      fake.opened.push(inv.id);
      const bytes = new TextEncoder().encode(pdfBytesOf(inv));
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    },
    async getReceipt() {
      throw new Error("receipts are not the ledger's");
    },
    async openReceiptPdf() {
      throw new Error("receipts are not the ledger's");
    },
    async getBillingDetails() {
      throw new Error("billing details are not the ledger's");
    },
    async saveBillingDetails() {
      throw new Error("billing details are not the ledger's");
    },
  };
  return fake;
}
