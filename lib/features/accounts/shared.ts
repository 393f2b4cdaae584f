import type { ErrorStatusTable } from "@/lib/core/errors";

/** The accounts feature's browser-safe half. Its own error codes, beside the shared ones of lib/core/errors.ts. */
export const ACCOUNT_ERROR_STATUS = {
  /** A staff account's address changes only on the staff page. */
  staff: 403,
  /** Another sign-up for the address is still being processed. */
  "in-progress": 409,
} as const satisfies ErrorStatusTable<string>;

/**
 * The shortest app password the portal takes, for drivers and staff alike (the platform takes 6): a device password
 * chosen once, so 12 rather than NIST SP 800-63B's floor of 8. The forms' hint and the schemas' one rule.
 */
export const APP_PASSWORD_MIN = 12;

export { sameBalance, type BalanceView } from "./balance-view";
export type { ProfileValues } from "./profile-values";
