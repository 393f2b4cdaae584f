import { z } from "zod";

/** Checked before the platform, so a typo costs no attempt; sent as typed and trimmed (the platform ignores case). */
export const VoucherCodeSchema = z
  .string({ error: "vouchers.validation.required" })
  .trim()
  .min(1, { error: "vouchers.validation.required", abort: true })
  .max(64, "vouchers.validation.tooLong")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "vouchers.validation.pattern");
