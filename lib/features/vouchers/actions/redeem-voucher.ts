"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { redeemVoucherForDriver } from "@/lib/features/vouchers/redeem";

/** The signed-in driver redeems a voucher on their own account; attempts are limited per driver. */
export const redeemVoucherAction = driverAction({
  scope: "vouchers",
  failure: { log: "redeem", doing: "vouchers.doing.redeem" },
  run: async (_input, { actor, values, t }): Promise<ActionResult> => {
    await redeemVoucherForDriver(actor.platformUserId, values.code ?? "", `platform-user:${actor.platformUserId}`);
    return { status: "ok", message: t("vouchers.accepted") };
  },
});
