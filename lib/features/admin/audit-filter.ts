import { isCalendarDate } from "@/lib/core/zoned-time";
import { isAuditAction } from "./audit-actions";
import { queryOf, readSearchParam } from "@/lib/core/search-params";

/** What the page says about an ignored value: the key of its words under `audit.filterProblems`. */
export type AuditFilterProblem =
  "unknownAction" | "badDriver" | "unknownOutcome" | "badFrom" | "badTo" | "swapped" | "badPage";

/**
 * The audit page's filters as they live in the URL (`?actor=&action=&driver=&outcome=&from=&to=&page=`).
 * Pure. A bad value never fails the page: it is ignored and the page says so.
 */
export interface AuditFilter {
  actor?: string;
  action?: string;
  driver?: number;
  outcome?: "success" | "failure";
  /** Inclusive calendar days (YYYY-MM-DD) in the service's time zone. */
  from?: string;
  to?: string;
  page: number;
}

export const AUDIT_PAGE_SIZE = 25;
const MAX_PAGE = 10_000;

type Params = Record<string, string | string[] | undefined>;

/** Longer values are cut: nothing in the audit log is longer than an e-mail address. */
function read(params: Params, name: string): string | undefined {
  return readSearchParam(params, name)?.slice(0, 254);
}

export function parseAuditFilter(params: Params): { filter: AuditFilter; problems: AuditFilterProblem[] } {
  const problems: AuditFilterProblem[] = [];
  const filter: AuditFilter = { page: 1 };

  const actor = read(params, "actor");
  if (actor) filter.actor = actor.toLowerCase();

  const action = read(params, "action");
  if (action && isAuditAction(action)) filter.action = action;
  else if (action) problems.push("unknownAction");

  const driver = read(params, "driver");
  if (driver && /^[1-9]\d{0,9}$/.test(driver) && Number(driver) <= 2_147_483_647) filter.driver = Number(driver);
  else if (driver) problems.push("badDriver");

  const outcome = read(params, "outcome");
  if (outcome === "success" || outcome === "failure") filter.outcome = outcome;
  else if (outcome) problems.push("unknownOutcome");

  for (const key of ["from", "to"] as const) {
    const value = read(params, key);
    if (value && isCalendarDate(value)) filter[key] = value;
    else if (value) problems.push(key === "from" ? "badFrom" : "badTo");
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    problems.push("swapped");
    [filter.from, filter.to] = [filter.to, filter.from];
  }

  const page = read(params, "page");
  if (page && /^\d{1,6}$/.test(page) && Number(page) >= 1) filter.page = Math.min(Number(page), MAX_PAGE);
  else if (page) problems.push("badPage");

  return { filter, problems };
}

/** Query string for a filter, e.g. for pagination links; empty values are left out. */
export function auditFilterQuery(filter: Partial<AuditFilter>): string {
  return queryOf(filter, ["actor", "action", "driver", "outcome", "from", "to", "page"], { page: 1 });
}
