import { formatMoney } from "@/lib/format";

/**
 * The portal's own view of a balance, shared by the page, the balance route and the polling hook.
 * Pure: safe on server and client. Never the platform's JSON.
 */
export interface BalanceView {
  amount: number;
  /** ISO code; null until the account's first transaction. */
  currency: string | null;
  /** Formatted with Intl in the account currency, in the reader's language ("€ 42,50" in Dutch). */
  formatted: string;
}

export function toBalanceView(user: { balance: number | null; currency: string | null }, locale: string): BalanceView {
  const amount = user.balance ?? 0;
  return { amount, currency: user.currency, formatted: formatMoney(amount, user.currency, locale) };
}

export function sameBalance(a: BalanceView, b: BalanceView): boolean {
  return a.amount === b.amount && a.currency === b.currency;
}
