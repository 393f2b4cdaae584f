import type { SessionRecord } from "../store";
import { liveMeasures } from "../views";
import { isRemoteSession, remoteCostLines } from "./charging-measures";
import { withoutTax } from "./session-billing";
import { TAX_PERCENTAGE, type CostLine } from "./tariff-book";

/**
 * A session's `priceBreakdown` (sessions v1.0 read with `withPriceBreakdown`): one item per priced component of its
 * tariff, tax included and excluded, adding up to its amount. A session the seed made was priced by energy alone.
 */
function linesOf(session: SessionRecord, now: Date): CostLine[] {
  if (isRemoteSession(session)) return remoteCostLines(session, now);
  const { energy, amount } = liveMeasures(session, now);
  const kwh = Math.round(energy) / 1000;
  return amount > 0
    ? [{ type: "energy", unit: "kwh", quantity: kwh, pricePerUnit: session.pricePerKwh, price: amount }]
    : [];
}

/** Unit prices carry up to 5 decimals, as tariffs do. */
const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

export function priceBreakdownOf(session: SessionRecord, now: Date) {
  return linesOf(session, now).map((line) => ({
    type: line.type,
    currency: session.currency,
    unit: line.unit,
    pricePerUnit: {
      withTax: round5(line.pricePerUnit),
      withoutTax: round5(line.pricePerUnit / (1 + TAX_PERCENTAGE / 100)),
    },
    quantity: line.quantity,
    price: { withTax: line.price, withoutTax: withoutTax(line.price) },
    taxPercentage: TAX_PERCENTAGE,
    // Deprecated twins the schema still requires.
    totalPrice: line.price,
    unitPrice: round5(line.pricePerUnit),
  }));
}
