import { round2 } from "../seed";
import type { EmulatorSettings } from "../settings";
import type { SessionRecord } from "../store";
import { toUtcIso } from "../time";

/**
 * A stopped session's billing as the `sessionBilling` setting plays it: `billingStatus` and `totalAmount` (nullable in
 * the subset). By default billing completes at the stop with the final amount; otherwise the session is `pending`
 * with a provisional amount (the amount without tax) or none, until `completesAfterMs` after the stop.
 */
export type SessionBillingSetting = EmulatorSettings["sessionBilling"];
export const BILLED_AT_STOP: SessionBillingSetting = { atStop: "final", completesAfterMs: 0 };

const VAT = 0.21;

export interface SessionBilling {
  status: "pending" | "completed" | null;
  /** Tax included; null while the platform names none. */
  amount: number | null;
}

export function billingOf(
  session: SessionRecord,
  now: Date,
  setting: SessionBillingSetting,
  liveAmount: number,
): SessionBilling {
  if (session.stoppedAt === null) return { status: null, amount: liveAmount };
  const completed =
    setting.atStop === "final" || now.getTime() >= Date.parse(session.stoppedAt) + setting.completesAfterMs;
  if (completed) return { status: "completed", amount: liveAmount };
  return { status: "pending", amount: setting.atStop === "provisional" ? round2(liveAmount / (1 + VAT)) : null };
}

export const withoutTax = (amount: number) => round2(amount / (1 + VAT));

/** A session's receipt (receipts v2.0) is numbered after it; one is issued once billing completed with an amount. */
const RECEIPT_ID_OFFSET = 600_000;
export const receiptIdOf = (sessionId: number) => sessionId + RECEIPT_ID_OFFSET;
export const sessionIdOfReceipt = (receiptId: number) => receiptId - RECEIPT_ID_OFFSET;

export function hasReceipt(session: SessionRecord, billing: SessionBilling): boolean {
  return session.status === "finished" && billing.status === "completed" && (billing.amount ?? 0) > 0;
}

const MINUTE_MS = 60_000;

/** The session's energy per clock minute (`clockAlignedEnergyConsumption`), spread evenly over its minutes. */
export function clockAlignedConsumption(session: SessionRecord, energy: number, amount: number, now: Date) {
  const startMs = Date.parse(session.startedAt);
  const endMs = session.stoppedAt === null ? now.getTime() : Date.parse(session.stoppedAt);
  const minutes: Array<[number, number]> = [];
  for (let at = Math.floor(startMs / MINUTE_MS) * MINUTE_MS; at < endMs; at += MINUTE_MS)
    minutes.push([Math.max(at, startMs), Math.min(at + MINUTE_MS, endMs)]);
  const span = Math.max(1, endMs - startMs);
  return minutes.map(([from, to]) => {
    const share = (to - from) / span;
    const wh = Math.round(energy * share);
    return {
      start: toUtcIso(new Date(from).toISOString()),
      end: toUtcIso(new Date(to).toISOString()),
      energyConsumed: wh,
      energyConsumption: { total: wh, grid: wh, local: 0 },
      totalCost: { withTax: round2(amount * share), withoutTax: withoutTax(amount * share) },
    };
  });
}
