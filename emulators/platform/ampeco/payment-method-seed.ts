import { paymentMethodOf } from "../ledger";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "../seed-data";
import type { EmulatorState, PaymentMethodRecord } from "../store";

/**
 * The seed's saved cards: the demo driver has a card (the one its card-paid ledger lines name) and an expired one; the
 * second driver removed the card that paid its older charges, so only the balance is left; the new driver has none.
 */
export function seedPaymentMethods(now: Date, daysAgo: (days: number) => string): PaymentMethodRecord[] {
  const lastMonth = new Date(now.getTime() - 31 * 86_400_000);
  return [
    {
      id: paymentMethodOf(DEMO_DRIVER_ID),
      userId: DEMO_DRIVER_ID,
      issuer: "visa",
      last4: "4242",
      expireYear: now.getUTCFullYear() + 3,
      expireMonth: 8,
      default: true,
      addedAt: daysAgo(428),
      removedAt: null,
    },
    {
      id: `${paymentMethodOf(DEMO_DRIVER_ID)}_2`,
      userId: DEMO_DRIVER_ID,
      issuer: "mastercard",
      last4: "5454",
      expireYear: lastMonth.getUTCFullYear(),
      expireMonth: lastMonth.getUTCMonth() + 1,
      default: false,
      addedAt: daysAgo(400),
      removedAt: null,
    },
    {
      id: paymentMethodOf(SECOND_DRIVER_ID),
      userId: SECOND_DRIVER_ID,
      issuer: "visa",
      last4: "1881",
      expireYear: now.getUTCFullYear() + 2,
      expireMonth: 3,
      default: false,
      addedAt: daysAgo(278),
      removedAt: daysAgo(20),
    },
  ];
}

/** A card is expired after the last day of its month (UTC). */
export const isExpired = (method: PaymentMethodRecord, now: Date) =>
  now.getTime() >= Date.UTC(method.expireYear, method.expireMonth, 1);

/** A state file written before payment methods existed gets the seed's cards (of the seed's users it still has). */
export function upgradePaymentMethods(state: EmulatorState, now: Date): boolean {
  if (state.paymentMethods.length > 0) return false;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  state.paymentMethods = seedPaymentMethods(now, daysAgo).filter((m) => state.users.some((u) => u.id === m.userId));
  return state.paymentMethods.length > 0;
}
