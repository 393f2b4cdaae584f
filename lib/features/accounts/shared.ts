import type { Namespace } from "@/lib/core/i18n/client-namespaces";
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

/**
 * The namespaces its client components translate with, per part, since the parts show in different areas
 * (components/layout/client-namespaces.ts sends them).
 */
export const CLIENT_NAMESPACES = {
  /** The notifications page's switches. */
  notifications: ["accountSettings"],
  /** The privacy page's forms: the platform's export and the deletion. */
  privacy: ["myData", "accountDeletion"],
  /** The profile and app password forms: the settings, sign-up's finish step and staff's driver page. */
  forms: ["profile", "appPassword"],
  /** The balance: the overview, the vouchers page and staff's driver page. */
  balance: ["account"],
  signUp: ["signUp"],
} as const satisfies Record<string, readonly Namespace[]>;
