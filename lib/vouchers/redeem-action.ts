"use server";
import "server-only";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import { formValues } from "@/lib/forms/action-result";
import { redeemVoucherForDriver } from "./redeem";
import type { VoucherActionResult } from "./voucher-action-result";

export type { VoucherActionResult } from "./voucher-action-result";

/** The signed-in driver redeems a voucher on their own account; attempts are limited per driver. */
export async function redeemVoucherAction(_previous: VoucherActionResult, formData: FormData): Promise<VoucherActionResult> {
  const values = formValues(formData);
  const viewer = await driverForAction(values);
  if (isRefusal(viewer)) return viewer;

  const outcome = await redeemVoucherForDriver(viewer.platformUserId, values.code ?? "", `platform-user:${viewer.platformUserId}`);
  if (outcome.status === "accepted") return { status: "ok", outcome: "accepted", message: "Voucher accepted." };
  // The code stays in the field whatever went wrong.
  if (outcome.fieldErrors) return { status: "invalid", outcome: outcome.status, fieldErrors: outcome.fieldErrors, message: outcome.message, values };
  return { status: "error", outcome: outcome.status, message: outcome.message, retryAfterSeconds: outcome.retryAfterSeconds, values };
}
