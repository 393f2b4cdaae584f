import { z } from "zod";
import { empty, HttpError, notFound, readJsonObject, validate } from "./http";
import type { Route, RouteContext } from "./router";
import { nextId, type EmulatorState } from "./store";
import { findUser } from "./user-records";

/**
 * Redeem voucher v2.0 (an "action"): 202 with no body, the credit follows later. The pending
 * credit is stored with the instant it becomes due and applied lazily at the start of every
 * request (settleCredits), so the delay is deterministic and survives a restart.
 */
const RedeemSchema = z.object({ code: z.string().trim().min(1).max(64) });

const REDEEM = /^\/public-api\/actions\/users\/v2\.0\/([^/]+)\/redeem-voucher$/;

export const VOUCHER_REJECTED = "The voucher is invalid, already used or not applicable.";

/** Voucher codes are matched case-insensitively: people type them by hand. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

function pendingCurrency(state: EmulatorState, userId: number): string | null {
  return state.redemptions.find((r) => r.userId === userId && r.appliedAt === null)?.currency ?? null;
}

async function redeemVoucher({ request, params, state, now, options, runtime }: RouteContext) {
  // Route-model binding comes first on the real platform: unknown user → 404 before validation.
  const user = findUser(state, params[0]);
  const input = validate(RedeemSchema, await readJsonObject(request));
  const voucher = state.vouchers.find((v) => v.code === normaliseVoucherCode(input.code));
  // What AMPECO's 404 covers is not documented: a tenant may answer an unknown code with it too. The contract's 404 is
  // the user's alone.
  const unknownAs404 = options.dialect === "ampeco" && runtime.settings.unknownVoucherStatus === 404;
  if (!voucher && unknownAs404) throw notFound("Voucher", input.code);
  // Used, expired and not applicable are one 406 without a reason, as both platforms answer them.
  if (!voucher || voucher.status !== "valid") throw new HttpError(406, VOUCHER_REJECTED);
  // An account holds one currency; a voucher in another one is "not applicable" to it.
  const accountCurrency = user.currency ?? pendingCurrency(state, user.id);
  if (accountCurrency !== null && accountCurrency !== voucher.currency) throw new HttpError(406, VOUCHER_REJECTED);

  voucher.status = "used";
  voucher.redeemedByUserId = user.id;
  voucher.redeemedAt = now.toISOString();
  state.redemptions.push({
    id: nextId(state, "redemption"),
    code: voucher.code,
    userId: user.id,
    amount: voucher.amount,
    currency: voucher.currency,
    redeemedAt: now.toISOString(),
    applyAt: new Date(now.getTime() + options.voucherDelayMs).toISOString(),
    appliedAt: null,
  });
  return empty(202);
}

/** Applies every due credit; the first transaction also fixes the account currency. */
export function settleCredits(state: EmulatorState, now: Date): boolean {
  let changed = false;
  for (const redemption of state.redemptions) {
    if (redemption.appliedAt !== null || Date.parse(redemption.applyAt) > now.getTime()) continue;
    const user = state.users.find((u) => u.id === redemption.userId);
    if (user) {
      user.balanceCents += Math.round(redemption.amount * 100);
      user.currency ??= redemption.currency;
    }
    redemption.appliedAt = now.toISOString();
    changed = true;
  }
  return changed;
}

export const voucherRoutes: Route[] = [{ method: "POST", pattern: REDEEM, handler: redeemVoucher }];
