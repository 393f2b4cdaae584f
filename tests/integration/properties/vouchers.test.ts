import { describe } from "vitest";
import { redeemVoucherAction } from "@/lib/features/vouchers/actions/redeem-voucher";
import { driverSideViewer, formArb, voucherCodeValue } from "./arbitraries";
import { checkActionProperty } from "./checks";

const voucherForm = formArb({ code: voucherCodeValue });

describe("voucher action: only validation errors, never a crash", () => {
  // Valid vouchers are spent once; reseed now and then so that "accepted" stays reachable.
  checkActionProperty({
    name: "redeemVoucherAction",
    action: redeemVoucherAction,
    form: voucherForm,
    viewer: driverSideViewer,
    freshLimits: true,
    reseed: true,
  });
});
