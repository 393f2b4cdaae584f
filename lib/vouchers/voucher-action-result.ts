import type { ActionResult } from "@/lib/forms/action-result";
import type { VoucherFailure } from "./redeem";

/**
 * What a redeem-voucher server action returns: the ActionResult convention plus the outcome, so a
 * caller (the driver page, the admin area, a test) can tell 406 from 429 without parsing words.
 */
export type VoucherActionResult = ActionResult & { outcome?: VoucherFailure | "accepted"; retryAfterSeconds?: number };
