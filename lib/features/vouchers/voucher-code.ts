import { z } from "zod";

/**
 * A voucher code as people type it. Checked before anything reaches the platform, so a typo costs
 * no attempt; matching stays the platform's job (it ignores case), so the code is sent as typed,
 * trimmed. The messages are catalogue keys (`{max}` is the bound).
 */
export const VoucherCodeSchema = z
  .string({ error: "vouchers.validation.required" })
  .trim()
  .min(1, { error: "vouchers.validation.required", abort: true })
  .max(64, "vouchers.validation.tooLong")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "vouchers.validation.pattern");
