import type { Transaction } from "./types";

/**
 * The balance rule (inferred: the platform's transactions carry no sign): a finalized top-up credits its amount, a
 * finalized purchase settled internally debits it, the rest leave the balance. Why: docs/design-notes.md#libplatformledgerts.
 */
export function balanceEffectOf(t: Pick<Transaction, "kind" | "billingType" | "status" | "amount">): number {
  if (t.status !== "finalized") return 0;
  if (t.kind === "topup_package") return t.amount;
  if (t.kind === "payment_authorisation" || t.kind === "payment_terminal_authorisation") return 0;
  return t.billingType === "internal" ? -t.amount : 0;
}

/** The balance change the transactions explain, in whole cents summed (so 0.1 + 0.2 stays 0.3). */
export function balanceChangeOf(transactions: Iterable<Pick<Transaction, "balanceEffect">>): number {
  let cents = 0;
  for (const t of transactions) cents += Math.round(t.balanceEffect * 100);
  return cents / 100;
}
