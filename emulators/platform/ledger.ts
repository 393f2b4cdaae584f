import type { EmulatorState, InvoiceRecord, SessionRecord, TransactionRecord, UserRecord } from "./store";
import { nextId } from "./store";

/**
 * The drivers' ledger (ampeco transactions and invoices), kept consistent with sessions, vouchers and balances: the
 * balance effects of a user's transactions add up to the balance. Rules and readings: docs/design-notes.md#emulatorsplatformledgerts.
 */
export const FIRST_TRANSACTION_ID = 40_001;
export const FIRST_INVOICE_ID = 9_001;
/** Vouchers are named by code in the store; the platform's id is their place in the list from here on. */
export const FIRST_VOUCHER_ID = 3_001;
/** A top-up package bought by card (the platform's `purchaseResourceId`). */
export const TOPUP_PACKAGE_ID = 11;
const TOPUP_CENTS = 5_000;
/** Seeded sessions are paid from the balance while it stays below this, by card otherwise. */
const BALANCE_CAP_CENTS = 8_000;
const TOPUP_EVERY_MS = 42 * 86_400_000;
/** Card-paid transactions of the last 90 days have an invoice. */
const INVOICED_MS = 90 * 86_400_000;
export const TAX_RATE = 21;

const cents = (amount: number) => Math.round(amount * 100);

export function voucherIdOf(state: EmulatorState, code: string): number | null {
  const index = state.vouchers.findIndex((v) => v.code === code);
  return index < 0 ? null : FIRST_VOUCHER_ID + index;
}

/** The card the emulator pretends a user pays with (`paymentMethodId`). */
export const paymentMethodOf = (userId: number) => `pm_card_${userId}`;

/**
 * Signed cents a transaction moves the balance by (inferred: the subset has no sign): a finalized top-up credits, a
 * finalized internal purchase debits, anything paid by card or not finalized leaves it.
 */
export function balanceEffectCents(t: Pick<TransactionRecord, "kind" | "billingType" | "status" | "amount">): number {
  if (t.status !== "finalized") return 0;
  if (t.kind === "topup_package") return cents(t.amount);
  if (t.kind === "payment_authorisation") return 0;
  return t.billingType === "internal" ? -cents(t.amount) : 0;
}

type Draft = Omit<TransactionRecord, "id" | "invoiceId">;

const billable = (s: SessionRecord) => s.status === "finished" && s.stoppedAt !== null && s.amount > 0;

function sessionDraft(
  session: SessionRecord,
  billingType: "internal" | "external",
  card: string = paymentMethodOf(session.userId),
): Draft {
  const at = session.stoppedAt as string;
  return {
    userId: session.userId,
    date: at,
    kind: "session",
    purchaseResourceId: session.id,
    sessionId: session.id,
    voucherId: null,
    redemptionId: null,
    amount: session.amount,
    currency: session.currency,
    status: "finalized",
    billingType,
    paymentMethodId: billingType === "external" ? card : null,
    finalizedAt: at,
    updatedAt: at,
  };
}

function topupDraft(user: UserRecord, at: string, amountCents: number, voucherId: number | null = null): Draft {
  return {
    userId: user.id,
    date: at,
    kind: "topup_package",
    purchaseResourceId: voucherId === null ? TOPUP_PACKAGE_ID : null,
    sessionId: null,
    voucherId,
    redemptionId: null,
    amount: amountCents / 100,
    currency: user.currency ?? "EUR",
    status: "finalized",
    billingType: voucherId === null ? "external" : "internal",
    paymentMethodId: voucherId === null ? paymentMethodOf(user.id) : null,
    finalizedAt: at,
    updatedAt: at,
  };
}

type LedgerEvent =
  | { at: number; type: "session"; session: SessionRecord }
  | { at: number; type: "topup" }
  | { at: number; type: "voucher"; cents: number; voucherId: number | null; redemptionId: number | null };

/**
 * One user's history walked back from today's balance: a session is paid from the balance while that stays under the
 * cap, a €50 top-up lands where the balance allows it, and what is left at the start is an opening top-up.
 */
function userLedger(state: EmulatorState, user: UserRecord, nowMs: number): Draft[] {
  const events: LedgerEvent[] = [];
  for (const session of state.sessions)
    if (session.userId === user.id && billable(session))
      events.push({ at: Date.parse(session.stoppedAt as string), type: "session", session });
  for (const voucher of state.vouchers) {
    if (voucher.redeemedByUserId !== user.id || voucher.redeemedAt === null) continue;
    // A credit still pending is left to syncLedger, which books it when it lands.
    const redemption = state.redemptions.find((r) => r.code === voucher.code && r.userId === user.id);
    if (redemption && redemption.appliedAt === null) continue;
    events.push({
      at: Date.parse(redemption?.appliedAt ?? voucher.redeemedAt),
      type: "voucher",
      cents: cents(voucher.amount),
      voucherId: voucherIdOf(state, voucher.code),
      redemptionId: redemption?.id ?? null,
    });
  }
  const createdMs = Date.parse(user.createdAt);
  if (events.length === 0 && user.balanceCents === 0) return [];
  for (let at = createdMs + 2 * 86_400_000; at < nowMs - 86_400_000; at += TOPUP_EVERY_MS)
    events.push({ at, type: "topup" });
  events.sort((a, b) => b.at - a.at);

  const drafts: Draft[] = [];
  let balance = user.balanceCents;
  for (const event of events) {
    const at = new Date(event.at).toISOString();
    if (event.type === "session") {
      const amount = cents(event.session.amount);
      const internal = balance + amount <= BALANCE_CAP_CENTS;
      if (internal) balance += amount;
      drafts.push(sessionDraft(event.session, internal ? "internal" : "external"));
    } else if (event.type === "topup") {
      if (balance < TOPUP_CENTS) continue;
      balance -= TOPUP_CENTS;
      drafts.push(topupDraft(user, at, TOPUP_CENTS));
    } else {
      balance -= event.cents;
      drafts.push({ ...topupDraft(user, at, event.cents, event.voucherId), redemptionId: event.redemptionId });
    }
  }
  if (balance > 0) drafts.push(topupDraft(user, new Date(createdMs + 3_600_000).toISOString(), balance));
  return drafts;
}

function invoiceOf(state: EmulatorState, t: TransactionRecord, type: InvoiceRecord["type"], at: string): InvoiceRecord {
  const id = nextId(state, "invoice");
  const session = t.sessionId === null ? undefined : state.sessions.find((s) => s.id === t.sessionId);
  const kwh = session ? Math.round(session.energy) / 1000 : 0;
  return {
    id,
    userId: t.userId,
    transactionId: t.id,
    type,
    number: `${type === "credit_note" ? "CN" : "INV"}-${at.slice(0, 4)}-${String(id).padStart(6, "0")}`,
    date: at,
    totalAmount: t.amount,
    taxRate: TAX_RATE,
    service: t.kind === "session" ? "Charging session" : "Balance top-up",
    quantity: session ? kwh : 1,
    totalEnergy: kwh,
    periodFrom: session?.startedAt ?? null,
    periodTo: session?.stoppedAt ?? null,
  };
}

/**
 * The seeded ledger: every user's transactions (ids in date order), invoices for the card payments of the last 90
 * days, and for the demo driver one refunded charge with its credit note.
 */
export function seedLedger(state: EmulatorState, now: Date, refundUserId: number): void {
  const nowMs = now.getTime();
  const drafts = state.users.flatMap((user) => userLedger(state, user, nowMs));
  drafts.sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.userId - b.userId);
  state.nextIds.transaction = FIRST_TRANSACTION_ID;
  state.nextIds.invoice = FIRST_INVOICE_ID;
  state.transactions = drafts.map((d) => ({ ...d, id: nextId(state, "transaction"), invoiceId: null }));
  state.invoices = [];
  for (const t of state.transactions) {
    if (t.billingType !== "external" || nowMs - Date.parse(t.date) > INVOICED_MS) continue;
    const invoice = invoiceOf(state, t, "invoice", t.date);
    state.invoices.push(invoice);
    t.invoiceId = invoice.id;
  }
  // The second newest invoiced charge older than three days was refunded: its credit note two days later.
  const refunded = state.transactions
    .filter((t) => t.userId === refundUserId && t.kind === "session" && t.invoiceId !== null)
    .filter((t) => nowMs - Date.parse(t.date) > 3 * 86_400_000)
    .at(-2);
  if (refunded) {
    const at = new Date(Date.parse(refunded.date) + 2 * 86_400_000).toISOString();
    const note = invoiceOf(state, refunded, "credit_note", at);
    state.invoices.push(note);
    Object.assign(refunded, { status: "refunded", invoiceId: note.id, updatedAt: at });
  }
}

/** A state file written before the ledger existed gets one, walked back from its balances like the seed's. */
export function upgradeLedger(state: EmulatorState, now: Date, refundUserId: number): boolean {
  if (state.transactions.length > 0 || state.nextIds.transaction !== 1) return false;
  seedLedger(state, now, refundUserId);
  return true;
}

/**
 * Brings the ledger up to the store: a session finished since (paid by card, so the balance stays as it is; one started
 * through the API as it was paid, once billed) and a voucher credit applied since (an internal top-up) each get their
 * transaction. True when something was added.
 */
export function syncLedger(state: EmulatorState, now: Date): boolean {
  const paidSessions = new Set<number>();
  const creditedRedemptions = new Set<number>();
  for (const t of state.transactions) {
    if (t.sessionId !== null) paidSessions.add(t.sessionId);
    if (t.redemptionId !== null) creditedRedemptions.add(t.redemptionId);
  }
  let changed = false;
  const add = (draft: Draft) => {
    const t: TransactionRecord = { ...draft, id: nextId(state, "transaction"), invoiceId: null };
    state.transactions.push(t);
    if (t.billingType === "external" && wantsInvoices(state, t.userId)) {
      const invoice = invoiceOf(state, t, "invoice", now.toISOString());
      state.invoices.push(invoice);
      t.invoiceId = invoice.id;
    }
    changed = true;
  };
  for (const session of state.sessions) {
    if (!billable(session) || paidSessions.has(session.id)) continue;
    const started = session.remoteStart;
    if (started === null) add(sessionDraft(session, "external"));
    // A start through the API is booked once billed, as it was paid: from the balance or by its card.
    else if (started.billedAt !== null)
      add(
        sessionDraft(
          session,
          started.paymentMethodId === null ? "internal" : "external",
          started.paymentMethodId ?? undefined,
        ),
      );
  }
  for (const r of state.redemptions) {
    if (r.appliedAt === null || creditedRedemptions.has(r.id)) continue;
    const user = state.users.find((u) => u.id === r.userId);
    if (!user) continue;
    const credit = topupDraft(user, r.appliedAt, cents(r.amount), voucherIdOf(state, r.code));
    add({ ...credit, currency: r.currency, redemptionId: r.id });
  }
  return changed;
}

function wantsInvoices(state: EmulatorState, userId: number): boolean {
  return state.invoiceDetails.find((d) => d.userId === userId)?.fields.requireInvoice === true;
}

/** The transaction that credited a redemption, for callbacks naming it. */
export function transactionOfRedemption(state: EmulatorState, redemptionId: number): TransactionRecord | undefined {
  return state.transactions.find((t) => t.redemptionId === redemptionId);
}
