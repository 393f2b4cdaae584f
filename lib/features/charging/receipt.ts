import "server-only";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";
import type { MoneyApi } from "@/lib/platform/apis";
import type { PlatformClient } from "@/lib/platform/client";
import type {
  BillLine,
  ChargingSession,
  PaymentMethod,
  PlatformReceipt,
  PlatformUser,
  Seller,
  SessionBill,
} from "@/lib/platform/types";
import { getOwnedSession, getSessionLocation } from "@/lib/features/sessions";
import { defaultChargingDeps, type ChargingDeps } from "./deps";
import { ChargingError } from "./errors";
import { receiptCustomerOf, type ReceiptCustomer } from "./shared";

/** A finished session's receipt: its bill split into net, VAT and gross, the seller, the place and how it was paid. */
export interface SessionReceipt {
  session: ChargingSession;
  /** Null where the platform prices no components (the contract): the receipt then names the amount alone. */
  bill: SessionBill | null;
  seller: Seller | null;
  customer: ReceiptCustomer;
  place: { name: string; address: string | null } | null;
  /** How it was paid: the balance, a saved card (named when it is still listed), or the platform's own word. */
  paidWith: PaidWith;
  /** Net, VAT and gross of the whole session, the gross being the session's amount; net and VAT null when unknown. */
  totals: { net: number | null; vat: number | null; gross: number };
}

export type PaidWith =
  | { kind: "balance" }
  | { kind: "card"; issuer: string | null; name: string | null }
  | { kind: "other"; type: string }
  | { kind: "unknown" };

/** What every receipt of one driver shares, read once: the seller and the driver's ways to pay. */
export interface ReceiptContext {
  seller: Seller | null;
  methods: PaymentMethod[];
  customer: ReceiptCustomer;
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** A line's amount without VAT: the platform's, else worked out from its rate. */
export function lineNet(line: BillLine): number {
  if (line.price.net !== null) return line.price.net;
  return line.taxPercent === null ? line.price.gross : round2(line.price.gross / (1 + line.taxPercent / 100));
}

export function receiptTotals(bill: SessionBill): SessionReceipt["totals"] {
  const gross = round2(bill.total.gross);
  if (bill.total.net === null && bill.lines.length === 0) return { net: null, vat: null, gross };
  const net = round2(bill.total.net ?? bill.lines.reduce((sum, line) => sum + lineNet(line), 0));
  return { net, vat: round2(gross - net), gross };
}

/** The seller and the driver's ways to pay, for one receipt or a pack of them; a failed read leaves it out. */
export async function loadReceiptContext(
  user: PlatformUser,
  platform: Pick<PlatformClient, "tenant" | "charging">,
): Promise<ReceiptContext> {
  const [seller, methods] = await Promise.all([
    sellerOnReceipts(platform),
    platform.charging
      ? platform.charging.listPaymentMethods(user.id).catch((error: unknown) => {
          logger("charging").warn("listing payment methods for a receipt failed", error);
          return [];
        })
      : [],
  ]);
  return { seller, methods, customer: receiptCustomerOf(user) };
}

/** One finished session's receipt from its bill (null: the amount alone) and what the driver's receipts share. */
export function buildSessionReceipt(
  session: ChargingSession,
  bill: SessionBill | null,
  context: ReceiptContext,
  place: SessionReceipt["place"],
): SessionReceipt {
  const card = bill?.paymentMethodId ? context.methods.find((method) => method.id === bill.paymentMethodId) : undefined;
  return {
    session,
    bill,
    seller: context.seller,
    customer: context.customer,
    place,
    paidWith: bill ? paidWithOf(bill, card) : { kind: "unknown" },
    totals: bill ? receiptTotals(bill) : { net: null, vat: null, gross: round2(session.amount) },
  };
}

/**
 * The receipt of one of the driver's finished sessions; null when it is not theirs, not found, or under the contract
 * (which prices none). The seller is the partner where the tenant puts it on receipts. */
export async function loadSessionReceipt(
  platformUserId: number,
  sessionId: string,
  locale: string,
  deps: ChargingDeps = defaultChargingDeps(),
): Promise<SessionReceipt | null> {
  const charging = deps.charging;
  if (!charging) return null;
  const session = await getOwnedSession(platformUserId, sessionId, deps.sessions);
  if (!session) return null;
  if (session.isRunning) throw new ChargingError("charging-refused", "charging.receipt.notYet");
  const platform = deps.sessions.platform;
  const [bill, context, location] = await Promise.all([
    charging.sessionBill(session.id),
    platform.users.getUser(platformUserId).then((user) => loadReceiptContext(user, platform)),
    getSessionLocation(session, locale, deps.sessions),
  ]);
  if (!bill) return null;
  const place = location.kind === "known" ? { name: location.location.name, address: location.location.address } : null;
  return buildSessionReceipt(session, bill, context, place);
}

/** The platform's own receipt of one of the driver's sessions; null when it has none or the session is not theirs. */
export async function findPlatformReceipt(
  platformUserId: number,
  sessionId: string,
  deps: Pick<ChargingDeps, "sessions"> & { money: MoneyApi },
): Promise<PlatformReceipt | null> {
  const session = await getOwnedSession(platformUserId, sessionId, deps.sessions);
  if (!session?.platformReceiptId) return null;
  const receipt = await deps.money.getReceipt(session.platformReceiptId);
  return receipt && (receipt.userId === null || receipt.userId === platformUserId) ? receipt : null;
}

async function sellerOnReceipts(platform: Pick<PlatformClient, "tenant">): Promise<Seller | null> {
  try {
    return (await platform.tenant?.getPartner(getConfig().platform.partnerId))?.seller ?? null;
  } catch (error) {
    logger("charging").warn("reading the seller for a receipt failed", error);
    return null;
  }
}

function paidWithOf(bill: SessionBill, card: { issuer: string | null; name: string } | undefined): PaidWith {
  if (bill.paymentType === "balance") return { kind: "balance" };
  if (card) return { kind: "card", issuer: card.issuer, name: card.name };
  if (bill.paymentType === "tokenized") return { kind: "card", issuer: null, name: null };
  return bill.paymentType ? { kind: "other", type: bill.paymentType } : { kind: "unknown" };
}
