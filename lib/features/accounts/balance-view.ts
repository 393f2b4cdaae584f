import { formatMoney } from "@/lib/core/format";

/**
 * The portal's own view of a balance, shared by the page, the balance route and the polling hook.
 * Pure: safe on server and client. Never the platform's JSON.
 */
export interface BalanceView {
  /**
   * null: the platform does not give this account's balance to the portal (AMPECO leaves `balance`
   * out for users of a partner without `addUserBalance`). Shown as not available, never as zero.
   */
  amount: number | null;
  /** ISO code; null until the account's first transaction. */
  currency: string | null;
  /** Formatted with Intl in the account currency, in the reader's language ("€ 42,50" in Dutch); null with no amount. */
  formatted: string | null;
}

export function toBalanceView(user: { balance: number | null; currency: string | null }, locale: string): BalanceView {
  const amount = user.balance;
  return {
    amount,
    currency: user.currency,
    formatted: amount === null ? null : formatMoney(amount, user.currency, locale),
  };
}

export function sameBalance(a: BalanceView, b: BalanceView): boolean {
  return a.amount === b.amount && a.currency === b.currency;
}
