"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { redeemVoucherForDriver, voucherFailureOf } from "@/lib/features/vouchers";
import { auditErrorText } from "@/lib/core/audit";
import { ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";

/** The driver page's voucher form, on the driver's behalf: the same outcomes and words as the driver's own page. */
export const redeemVoucherForDriverAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.voucher.redeem",
  failure: { log: "voucher redeem", doing: "admin.doing.redeemVoucher" },
  run: async (_input, { actor, driverId, values, recordAudit, t }): Promise<ActionResult> => {
    const code = values.code ?? "";
    const details = (outcome: string) => ({ code: code.trim().slice(0, 64), outcome });
    try {
      await redeemVoucherForDriver(driverId, code, `admin:${actor.userId}:${driverId}`);
    } catch (error) {
      const failure = voucherFailureOf(error);
      if (failure === null) throw error;
      await recordAudit({
        outcome: "failure",
        details: details(failure),
        error: auditErrorText(error),
        reason: `voucher-${failure}`,
      });
      throw error;
    }
    await recordAudit({ outcome: "success", details: details("accepted") });
    return { status: "ok", message: t("vouchers.accepted") };
  },
});
