import type { ErrorStatusTable } from "@/lib/core/errors";

/** The accounts feature's browser-safe half. Its own error codes, beside the shared ones of lib/core/errors.ts. */
export const ACCOUNT_ERROR_STATUS = {
  /** A staff account's address changes only on the staff page. */
  staff: 403,
  /** Another sign-up for the address is still being processed. */
  "in-progress": 409,
} as const satisfies ErrorStatusTable<string>;

/** The charging app's shortest password: the forms' `minLength` and the schema's rule. */
export const PLATFORM_PASSWORD_MIN = 6;

export { sameBalance, type BalanceView } from "./balance-view";
export type { ProfileValues } from "./profile-values";
