import "server-only";
import type { VouchersApi } from "./apis";
import type { PlatformRequester } from "./request";

/** Redeem voucher is the same operation in both dialects (path, body, answers), so one module serves both. */
export function createVouchersApi(requester: PlatformRequester): VouchersApi {
  return {
    async redeemVoucher(userId, code) {
      await requester.request({ endpoint: "vouchers.redeem", params: { user: userId }, body: { code: code.trim() } });
    },
  };
}
