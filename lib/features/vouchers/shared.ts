import type { Namespace } from "@/lib/core/i18n/client-namespaces";
import type { ErrorStatusTable } from "@/lib/core/errors";

/** The vouchers feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */

/**
 * Its own error codes, beside lib/core/errors.ts's: refused (used, expired or another account's: no platform tells
 * which), a code the platform does not know, a bad code, no such driver, busy, down, too many tries.
 */
export const VOUCHER_ERROR_STATUS = {
  "voucher-rejected": 422,
  "voucher-unknown": 422,
  "voucher-invalid": 422,
  "voucher-not-found": 404,
  "voucher-rate-limited": 429,
  "voucher-unavailable": 503,
  "voucher-limited": 429,
} as const satisfies ErrorStatusTable<string>;

export type VoucherErrorCode = keyof typeof VOUCHER_ERROR_STATUS;

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["vouchers"] as const satisfies readonly Namespace[];
