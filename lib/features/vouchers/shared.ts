/** The vouchers feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export type { VoucherActionResult } from "./voucher-action-result";
