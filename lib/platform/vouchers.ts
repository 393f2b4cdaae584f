import "server-only";
import type { PlatformRequester } from "./request";

export function createVouchersApi(requester: PlatformRequester) {
  return {
    /**
     * Redeems a voucher on the user's account. Resolves when the platform accepts the action
     * (202); read the user afterwards for the new balance. Throws VoucherRejectedError (406),
     * PlatformValidationError (422), PlatformNotFoundError (404, no such user) or
     * PlatformRateLimitedError (429). Never retried on 5xx/timeouts: the outcome is then unknown.
     */
    async redeemVoucher(userId: number, code: string): Promise<void> {
      await requester.request({ endpoint: "vouchers.redeem", params: { user: userId }, body: { code: code.trim() } });
    },
  };
}

export type VouchersApi = ReturnType<typeof createVouchersApi>;
