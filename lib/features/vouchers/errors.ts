import { ExpectedError, hasErrorCode, type FieldBlame } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { VOUCHER_ERROR_STATUS } from "./shared";

/**
 * Why a redemption failed: the code's last part, and the `voucher-<failure>` reason of a staff redemption's audit entry.
 * `unknown` only where the platform tells it (AMPECO's 404); used, expired and another account's are one 406 (`rejected`).
 */
export type VoucherFailure =
  "rejected" | "unknown" | "invalid" | "not-found" | "rate-limited" | "unavailable" | "limited";

/** The catalogue keys of what a driver reads for each failure; tests and the admin area quote the same ones. */
export const VOUCHER_MESSAGES = {
  rejected: "vouchers.errors.rejected",
  unknown: "vouchers.errors.unknown",
  invalidFromPlatform: "vouchers.errors.invalidFromPlatform",
  notFound: "vouchers.errors.notFound",
  unavailable: "vouchers.errors.unavailable",
} as const satisfies Record<string, MessageKey>;

/** A redemption the driver can act on; the action helper puts its key into the reader's words. */
export class VoucherError extends ExpectedError {
  constructor(
    readonly failure: VoucherFailure,
    key: MessageKey,
    values: Record<string, string | number> = {},
    blame?: FieldBlame,
  ) {
    super(`voucher-${failure}`, key, values, key, VOUCHER_ERROR_STATUS[`voucher-${failure}`], blame);
    this.name = "VoucherError";
  }
}

const FAILURES: readonly VoucherFailure[] = [
  "rejected",
  "unknown",
  "invalid",
  "not-found",
  "rate-limited",
  "unavailable",
  "limited",
];

/** A redemption error's failure, told by its code (outside the feature, never by its class); null for any other error. */
export function voucherFailureOf(error: unknown): VoucherFailure | null {
  if (!hasErrorCode(error)) return null;
  return FAILURES.find((failure) => error.code === `voucher-${failure}`) ?? null;
}
