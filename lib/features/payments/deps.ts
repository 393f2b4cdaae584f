import "server-only";
import { getPlatform } from "@/lib/platform";
import type { MoneyApi } from "@/lib/platform/apis";
import { logger } from "@/lib/core/log";

const log = logger("payments");

/** What the ledger needs from outside: the platform's money API (absent in the contract dialect) and a clock. */
export interface PaymentDeps {
  money: MoneyApi | undefined;
  now: () => Date;
}

export function defaultPaymentDeps(): PaymentDeps {
  return { money: getPlatform().money, now: () => new Date() };
}

/** Whether the platform keeps a ledger the portal can show (ampeco); the contract has none, so no link leads there. */
export function ledgerOffered(): boolean {
  return getPlatform().money !== undefined;
}

/** Logs a failure without personal data (the logger redacts; platform errors name only endpoint and status). */
export function logPaymentError(what: string, error: unknown): void {
  log.error(`${what} failed`, error);
}
