"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { redeemVoucherForDriver } from "@/lib/features/vouchers/redeem";
import { voucherActionResult, type VoucherActionResult } from "@/lib/features/vouchers/voucher-action-result";

export type { VoucherActionResult } from "@/lib/features/vouchers/voucher-action-result";

/** The signed-in driver redeems a voucher on their own account; attempts are limited per driver. */
export const redeemVoucherAction = driverAction({
  scope: "vouchers",
  failure: { log: "redeem", doing: "vouchers.doing.redeem" },
  run: async (_input, { actor, values, t }): Promise<VoucherActionResult> => {
    const outcome = await redeemVoucherForDriver(
      actor.platformUserId,
      values.code ?? "",
      `platform-user:${actor.platformUserId}`,
      t,
    );
    return voucherActionResult(outcome, values, t);
  },
});
