import type { Namespace } from "@/lib/core/i18n/client-namespaces";
import { SHARED_ERROR_STATUS, type ErrorStatusTable } from "@/lib/core/errors";

/** The admin feature's browser-safe half. A role change's refusals: its own codes and two shared ones. */
export const ROLE_CHANGE_STATUS = {
  self: 409,
  "not-staff": 409,
  "no-invite": 409,
  "bootstrap-admin": 409,
  "last-admin": 409,
  unchanged: SHARED_ERROR_STATUS.unchanged,
  taken: SHARED_ERROR_STATUS.taken,
} as const satisfies ErrorStatusTable<string>;

export type RoleChangeRefusal = keyof typeof ROLE_CHANGE_STATUS;
export { AUDIT_ACTION_KEYS, AUDIT_ACTIONS, auditActionKey } from "./audit-actions";
export type { AuditFilter } from "./audit-filter";
export { SEARCH_KINDS, type DriverSearchKind } from "./search-kinds";

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["staff", "moveCard"] as const satisfies readonly Namespace[];
