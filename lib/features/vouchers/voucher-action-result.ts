import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import type { VoucherFailure, VoucherOutcome } from "./redeem";

/**
 * What a redeem-voucher server action returns: the ActionResult convention plus the outcome, so a
 * caller (the driver page, the admin area, a test) can tell 406 from 429 without parsing words.
 */
export type VoucherActionResult = ActionResult & { outcome?: VoucherFailure | "accepted"; retryAfterSeconds?: number };

/** A redeem outcome in the form's terms: the code stays in the field whatever went wrong. */
export function voucherActionResult(
  outcome: VoucherOutcome,
  values: Record<string, string>,
  t: Translator,
): VoucherActionResult {
  if (outcome.status === "accepted") return { status: "ok", outcome: "accepted", message: t("vouchers.accepted") };
  if (outcome.fieldErrors)
    return {
      status: "invalid",
      outcome: outcome.status,
      fieldErrors: outcome.fieldErrors,
      message: outcome.message,
      values,
    };
  return {
    status: "error",
    outcome: outcome.status,
    message: outcome.message,
    retryAfterSeconds: outcome.retryAfterSeconds,
    values,
  };
}
