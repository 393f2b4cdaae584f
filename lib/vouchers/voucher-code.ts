import { z } from "zod";

/**
 * A voucher code as people type it. Checked before anything reaches the platform, so a typo costs
 * no attempt; matching stays the platform's job (it ignores case), so the code is sent as typed,
 * trimmed.
 */
export const VoucherCodeSchema = z
  .string({ error: "Enter the voucher code." })
  .trim()
  .min(1, { error: "Enter the voucher code.", abort: true })
  .max(64, "A voucher code has at most 64 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "A voucher code has only letters, digits and dashes, like WELCOME10.");
