import { z } from "zod";
import { HttpError, instantFilter, integerFilter, json, notFound, parseId, readFilters, validate } from "../http";
import type { Route, RouteContext } from "../router";
import type { EmulatorSettings } from "../settings";
import type { EmulatorState, TransactionRecord } from "../store";
import { toUtcIso } from "../time";
import { listMode, pagedResponse } from "./paging";
import { receiptIdOf } from "./session-billing";

/**
 * Transactions v1.0 (ampeco-openapi-subset.json): the listing answers a bad query with 400 (it declares no 422), the
 * read answers the record itself, without the `{data}` envelope. The subset documents no order: ids ascending here.
 */
const TRANSACTIONS = /^\/public-api\/resources\/transactions\/v1\.0$/;
const TRANSACTION = /^\/public-api\/resources\/transactions\/v1\.0\/([^/]+)$/;

const PURCHASE_TYPES = [
  "session",
  "subscription_plan",
  "topup_package",
  "custom_fee",
  "payment_terminal_authorisation",
  "payment_authorisation",
] as const;
const FILTER_KEYS = [
  "createdAfter",
  "createdBefore",
  "lastUpdatedAfter",
  "lastUpdatedBefore",
  "paymentMethod",
  "userId",
  "invoiceNumber",
  "status",
  "sessionId",
  "ref",
  "billingType",
  "terminalId",
  "finalizedBefore",
  "finalizedAfter",
  "voucherId",
] as const;

const ListFilterSchema = z.object({
  createdAfter: instantFilter,
  createdBefore: instantFilter,
  lastUpdatedAfter: instantFilter,
  lastUpdatedBefore: instantFilter,
  paymentMethod: z
    .enum(["visa", "mastercard", "paypal", "maestro", "amex", "unknown", "applepay", "googlepay", "twint", "other"])
    .optional(),
  userId: integerFilter,
  invoiceNumber: integerFilter,
  // The filter's enum says "reserved" where the records say "reversed" (as published).
  status: z.enum(["pending", "finalized", "failed", "reserved", "refunded", "authorized", "initialized"]).optional(),
  sessionId: integerFilter,
  ref: z.string().max(255).optional(),
  billingType: z.enum(["internal", "external"]).optional(),
  terminalId: integerFilter,
  finalizedBefore: instantFilter,
  finalizedAfter: instantFilter,
  voucherId: integerFilter,
  purchaseType: z.array(z.enum(PURCHASE_TYPES)).min(1).optional(),
});
type ListFilter = z.infer<typeof ListFilterSchema>;

/** The card every card-paid emulator transaction shows (a test card). */
const CARD = { type: "visa", last4: "4242", expMonth: "12", expYear: "2030", token: null } as const;

export const transactionRef = (t: TransactionRecord) => `txn_${t.id}`;

/** A voucher's credit, which `voucherCreditTransactions: false` leaves out of the ledger (the balance still moves). */
const isVoucherCredit = (t: TransactionRecord) => t.kind === "topup_package" && t.voucherId !== null;
const listed = (settings: EmulatorSettings) => (t: TransactionRecord) =>
  settings.voucherCreditTransactions || !isVoucherCredit(t);

/** A refund's `invoiceId`: its credit note (the store's), or under `refundInvoice: "invoice"` the invoice it refunds. */
function invoiceIdOf(state: EmulatorState, settings: EmulatorSettings, t: TransactionRecord): number | null {
  if (t.status !== "refunded" || settings.refundInvoice === "credit-note") return t.invoiceId;
  return state.invoices.find((i) => i.transactionId === t.id && i.type === "invoice")?.id ?? t.invoiceId;
}

/** A session's payment names the session's receipt, issued when its billing completed with an amount (./receipts.ts). */
function receiptIdOfPayment(state: EmulatorState, t: TransactionRecord): number | null {
  if (t.sessionId === null || t.kind !== "session" || t.amount <= 0) return null;
  const session = state.sessions.find((s) => s.id === t.sessionId);
  return session?.status === "finished" ? receiptIdOf(session.id) : null;
}

export function ampecoTransactionView(state: EmulatorState, settings: EmulatorSettings, t: TransactionRecord) {
  const email = state.users.find((u) => u.id === t.userId)?.email;
  return {
    id: t.id,
    number: null,
    date: toUtcIso(t.date),
    userId: t.userId,
    ...(email === undefined ? {} : { userEmail: email }),
    sessionId: t.sessionId,
    paymentMethodId: t.paymentMethodId,
    purchaseResourceType: t.kind,
    purchaseResourceId: t.purchaseResourceId,
    totalAmount: t.amount,
    currency: t.currency,
    status: t.status,
    ref: transactionRef(t),
    failureReason: null,
    invoiceId: invoiceIdOf(state, settings, t),
    receiptId: receiptIdOfPayment(state, t),
    billingType: t.billingType,
    lastUpdatedAt: toUtcIso(t.updatedAt),
    finalizedAt: t.finalizedAt === null ? null : toUtcIso(t.finalizedAt),
    terminalId: null,
    // "Returned only if the paymentMethodId property is null" (the subset).
    ...(t.paymentMethodId === null && t.voucherId !== null ? { voucherId: t.voucherId } : {}),
    ...(t.paymentMethodId === null ? {} : { cardDetails: CARD }),
  };
}

/** A 422 of the shared validators, said as the 400 this operation declares. */
export function asBadRequest<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 422) throw error;
    const first = Object.values(error.errors ?? {}).flat()[0];
    throw new HttpError(400, first ?? error.message);
  }
}

/** `filter[purchaseType][]=a&filter[purchaseType][]=b` (or indexed); a bare value is not an array. */
function purchaseTypes(url: URL): string[] | string | undefined {
  let values: string[] | undefined;
  let scalar: string | undefined;
  for (const [key, value] of url.searchParams) {
    if (key === "filter[purchaseType]") scalar = value;
    else if (/^filter\[purchaseType\]\[\d*\]$/.test(key)) (values ??= []).push(value);
  }
  return scalar ?? values;
}

function invoiceDigits(state: EmulatorState, invoiceId: number | null): number | null {
  const number = state.invoices.find((i) => i.id === invoiceId)?.number;
  return number === undefined ? null : Number(number.replace(/\D/g, "").slice(4));
}

const within = (iso: string | null, after: number | undefined, before: number | undefined) => {
  if (after === undefined && before === undefined) return true;
  if (iso === null) return false;
  const ms = Date.parse(iso);
  return (after === undefined || ms >= after) && (before === undefined || ms <= before);
};

function matches(state: EmulatorState, f: ListFilter, t: TransactionRecord): boolean {
  return (
    (f.userId === undefined || t.userId === f.userId) &&
    within(t.date, f.createdAfter, f.createdBefore) &&
    within(t.updatedAt, f.lastUpdatedAfter, f.lastUpdatedBefore) &&
    within(t.finalizedAt, f.finalizedAfter, f.finalizedBefore) &&
    (f.paymentMethod === undefined || (t.paymentMethodId !== null && f.paymentMethod === CARD.type)) &&
    (f.invoiceNumber === undefined || invoiceDigits(state, t.invoiceId) === f.invoiceNumber) &&
    (f.status === undefined || t.status === f.status) &&
    (f.sessionId === undefined || t.sessionId === f.sessionId) &&
    (f.ref === undefined || transactionRef(t) === f.ref) &&
    (f.billingType === undefined || t.billingType === f.billingType) &&
    f.terminalId === undefined &&
    (f.voucherId === undefined || (t.paymentMethodId === null && t.voucherId === f.voucherId)) &&
    (f.purchaseType === undefined || (f.purchaseType as readonly string[]).includes(t.kind))
  );
}

function listTransactions({ url, state, runtime }: RouteContext) {
  return asBadRequest(() => {
    const raw: Record<string, unknown> = readFilters(url, FILTER_KEYS);
    const types = purchaseTypes(url);
    if (types !== undefined) raw.purchaseType = types;
    const filter = validate(ListFilterSchema, raw, "filter.");
    const found = state.transactions
      .filter(listed(runtime.settings))
      .filter((t) => matches(state, filter, t))
      .sort((a, b) => a.id - b.id);
    const view = (t: TransactionRecord) => ampecoTransactionView(state, runtime.settings, t);
    return pagedResponse(found, url, view, listMode({ runtime }, false));
  });
}

function getTransaction({ params, state, runtime }: RouteContext) {
  const id = parseId(params[0], "Transaction");
  const transaction = state.transactions.filter(listed(runtime.settings)).find((t) => t.id === id);
  if (!transaction) throw notFound("Transaction", id);
  return json(200, ampecoTransactionView(state, runtime.settings, transaction));
}

export const ampecoTransactionRoutes: Route[] = [
  { method: "GET", pattern: TRANSACTIONS, handler: listTransactions },
  { method: "GET", pattern: TRANSACTION, handler: getTransaction },
];
