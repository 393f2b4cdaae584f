import type { Namespace } from "@/lib/core/i18n/client-namespaces";
/** The sessions feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export {
  sessionCurrency,
  sessionDurationLabel,
  sessionStartLabel,
  sessionStatusDetail,
  sessionStopLabel,
} from "./display";
export { PAGE_SIZES, SESSION_STATUSES, sessionFilterQuery, type SessionRangeFilter } from "./filters";
export { applySessionChange, toLiveSessionView, type LiveSessionsResponse, type LiveSessionView } from "./live-view";
export type { SessionLocationState } from "./location";
export { monthAxisLabel, monthLabel, type MonthlyTotal } from "./monthly";
export type { Settled } from "./settle";

/** The namespaces its client components translate with (components/layout/client-namespaces.ts sends them). */
export const CLIENT_NAMESPACES = ["sessions"] as const satisfies readonly Namespace[];
