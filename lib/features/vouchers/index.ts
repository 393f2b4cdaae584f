import "server-only";

/** What other features may use of vouchers: the rest of the folder is its own. */
export { redeemVoucherForDriver } from "./redeem";
export { voucherFailureOf } from "./errors";
