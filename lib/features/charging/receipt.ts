import "server-only";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";
import { getPlatform } from "@/lib/platform";
import type { BillLine, ChargingSession, Seller, SessionBill } from "@/lib/platform/types";
import { getOwnedSession, getSessionLocation } from "@/lib/features/sessions";
import { defaultChargingDeps, type ChargingDeps } from "./deps";
import { ChargingError } from "./errors";

/** A finished session's receipt: its bill split into net, VAT and gross, the seller, the place and how it was paid. */
export interface SessionReceipt {
  session: ChargingSession;
  bill: SessionBill;
  seller: Seller | null;
  place: { name: string; address: string | null } | null;
  /** How it was paid: the balance, a saved card (named when it is still listed), or the platform's own word. */
  paidWith: PaidWith;
  /** Net, VAT and gross of the whole session, the gross being the session's amount. */
  totals: { net: number; vat: number; gross: number };
}

export type PaidWith =
  | { kind: "balance" }
  | { kind: "card"; issuer: string | null; name: string | null }
  | { kind: "other"; type: string }
  | { kind: "unknown" };

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** A line's amount without VAT: the platform's, else worked out from its rate. */
export function lineNet(line: BillLine): number {
  if (line.price.net !== null) return line.price.net;
  return line.taxPercent === null ? line.price.gross : round2(line.price.gross / (1 + line.taxPercent / 100));
}

export function receiptTotals(bill: SessionBill): SessionReceipt["totals"] {
  const gross = round2(bill.total.gross);
  const net = round2(bill.total.net ?? bill.lines.reduce((sum, line) => sum + lineNet(line), 0));
  return { net, vat: round2(gross - net), gross };
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
  const [bill, seller, location, methods] = await Promise.all([
    charging.sessionBill(session.id),
    sellerOnReceipts(),
    getSessionLocation(session, locale, deps.sessions),
    charging.listPaymentMethods(platformUserId).catch((error: unknown) => {
      logger("charging").warn("listing payment methods for a receipt failed", error);
      return [];
    }),
  ]);
  if (!bill) return null;
  const card = bill.paymentMethodId ? methods.find((method) => method.id === bill.paymentMethodId) : undefined;
  return {
    session,
    bill,
    seller,
    place: location.kind === "known" ? { name: location.location.name, address: location.location.address } : null,
    paidWith: paidWithOf(bill, card),
    totals: receiptTotals(bill),
  };
}

async function sellerOnReceipts(): Promise<Seller | null> {
  try {
    return (await getPlatform().tenant?.getPartner(getConfig().platform.partnerId))?.seller ?? null;
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
