import type { Transaction } from "@/lib/platform/types";

/** A finalized charge of the demo driver; override what a test is about. */
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 9001,
    date: "2026-03-14T17:02:11Z",
    userId: 1001,
    kind: "session",
    sessionId: "70001",
    voucherId: null,
    amount: 12.5,
    currency: "EUR",
    status: "finalized",
    billingType: "external",
    invoiceId: 501,
    receiptId: null,
    finalizedAt: "2026-03-14T17:05:00Z",
    balanceEffect: 0,
    ...overrides,
  };
}
