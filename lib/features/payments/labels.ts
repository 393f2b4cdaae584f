import type { Invoice, Transaction, TransactionStatus } from "@/lib/platform/types";
import { paymentKindOf, type PaymentKind } from "./filters";

/** What a ledger line was and how it stands, as catalogue keys under `payments`; pure, shared by page and CSV. */

/** A kind's key under `payments.kinds` (camelCase of the URL word). */
export const KIND_KEYS = {
  charge: "charge",
  subscription: "subscription",
  "top-up": "topUp",
  fee: "fee",
  authorisation: "authorisation",
} as const satisfies Record<PaymentKind, string>;

export type KindKey = (typeof KIND_KEYS)[PaymentKind];

export type StatusTone = "green" | "red" | "amber" | "slate" | "blue";

export const STATUS_TONES: Readonly<Record<TransactionStatus, StatusTone>> = {
  finalized: "green",
  pending: "amber",
  initialized: "amber",
  authorized: "blue",
  failed: "red",
  reversed: "slate",
  refunded: "slate",
};

/** The line's description: its kind, the session it paid for (linked), and whether a voucher paid it. */
export interface TransactionDescription {
  kindKey: KindKey;
  /** Only for a charge with a session id: the page links it to /sessions/<id>. */
  sessionId: string | null;
  paidByVoucher: boolean;
}

export function describeTransaction(transaction: Transaction): TransactionDescription {
  const kind = paymentKindOf(transaction.kind);
  return {
    kindKey: KIND_KEYS[kind],
    sessionId: kind === "charge" ? transaction.sessionId : null,
    paidByVoucher: transaction.voucherId !== null,
  };
}

/** How a line moved the balance: credited, debited, paid by a payment method (card), or left alone (pending, failed…). */
export type BalanceChangeKind = "credit" | "debit" | "paidByCard" | "unchanged";

export function balanceChangeKindOf(
  t: Pick<Transaction, "balanceEffect" | "status" | "billingType" | "kind">,
): BalanceChangeKind {
  const cents = Math.round(t.balanceEffect * 100);
  if (cents > 0) return "credit";
  if (cents < 0) return "debit";
  const paid = t.status === "finalized" && t.billingType === "external" && paymentKindOf(t.kind) !== "authorisation";
  return paid ? "paidByCard" : "unchanged";
}

/** A credit note is labelled as one; an invoice or a pro forma is downloaded as an invoice. */
export function isCreditNote(invoice: Pick<Invoice, "type">): boolean {
  return invoice.type === "credit_note";
}

/** The number with only letters, digits, dot, dash and underscore (the id when nothing is left): safe in a file name. */
export function safeInvoiceNumber(invoice: Pick<Invoice, "id" | "number">): string {
  const cleaned = invoice.number
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, 80)
    .replace(/^[.-]+|[.-]+$/g, "");
  return cleaned || String(invoice.id);
}

/** `invoice-<number>.pdf`, sanitised: a header value that cannot break out of its quotes. */
export function invoiceFilename(invoice: Pick<Invoice, "id" | "number">): string {
  return `invoice-${safeInvoiceNumber(invoice)}.pdf`;
}
