import { APP_TIME_ZONE } from "@/lib/core/format";
import type { Wording } from "@/lib/core/i18n/wording";
import type { ChargingSession, SessionStatus } from "@/lib/platform/types";
import { sessionStartMs } from "./session-time";
import { isCalendarDate, nextDay, startOfZonedDay, toUtcIsoSeconds } from "@/lib/core/zoned-time";
import { oneOf, pageUpTo, parseFilter, queryOf, type SearchParamsInput } from "@/lib/core/search-params";

/**
 * The session list's URL filters, pure and shared by pages, links and route handlers. A bad value falls back to the
 * default and says so; it never fails a request.
 */

export const SESSION_STATUSES = [
  "started",
  "charging",
  "finished",
  "failed",
] as const satisfies readonly SessionStatus[];
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Far beyond any real history, low enough that no one can ask the platform for page 10^12. */
export const MAX_PAGE = 10_000;

/** Status plus an inclusive range of calendar days (YYYY-MM-DD) in the service's time zone. */
export interface SessionRangeFilter {
  status?: SessionStatus;
  from?: string;
  to?: string;
}

export interface SessionListFilter extends SessionRangeFilter {
  page: number;
  perPage: number;
}

export interface ParsedSessionFilter {
  filter: SessionListFilter;
  /** One problem per ignored value, as a catalogue key (worded by the page); empty when everything was usable. */
  problems: Wording[];
}

/** A real calendar day (YYYY-MM-DD); dates outside 2000-2100 are typos, not history. */
export function plausibleDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isCalendarDate(value) && year >= 2000 && year <= 2100;
}

export function parseSessionFilter(input: SearchParamsInput): ParsedSessionFilter {
  const defaults: SessionListFilter = { page: 1, perPage: DEFAULT_PAGE_SIZE };
  const perPageProblem = (value: string): Wording => ({
    key: "sessions.filterMessages.badPerPage",
    values: { sizes: PAGE_SIZES.join(", "), fallback: DEFAULT_PAGE_SIZE, value },
  });
  return parseFilter(
    input,
    defaults,
    {
      status: [oneOf(SESSION_STATUSES), (value) => ({ key: "sessions.filterMessages.badStatus", values: { value } })],
      page: [pageUpTo(MAX_PAGE), (value) => ({ key: "sessions.filterMessages.badPage", values: { value } })],
      perPage: [(value) => PAGE_SIZES.find((size) => size === Number(value)), perPageProblem],
    },
    plausibleDate,
    (problem, value) => ({ key: `sessions.filterMessages.${problem}`, values: { value } }),
  );
}

export function sessionFilterQuery(filter: Partial<SessionListFilter>): string {
  return queryOf(filter, ["status", "from", "to", "perPage", "page"], { perPage: DEFAULT_PAGE_SIZE, page: 1 });
}

export function hasRangeFilter(filter: SessionRangeFilter): boolean {
  return Boolean(filter.status || filter.from || filter.to);
}

/** The platform's inclusive `startedAfter`/`startedBefore` (UTC, second precision) for a day range. */
export interface StartInstants {
  startedAfter?: string;
  startedBefore?: string;
}

export function rangeToInstants(filter: SessionRangeFilter, timeZone: string = APP_TIME_ZONE): StartInstants {
  const instants: StartInstants = {};
  if (filter.from) instants.startedAfter = toUtcIsoSeconds(startOfZonedDay(filter.from, timeZone));
  if (filter.to) {
    // Inclusive bound at the last second of the day: platform times have second precision.
    instants.startedBefore = toUtcIsoSeconds(new Date(startOfZonedDay(nextDay(filter.to), timeZone).getTime() - 1000));
  }
  return instants;
}

/**
 * The portal-side check behind every filtered read: a platform that follows only the contract ignores
 * `filter[status]` and the date filters, so items are checked again before they are shown.
 */
export function matchesSessionFilter(
  session: Pick<ChargingSession, "status" | "startedAt" | "startedAtLocal">,
  filter: { status?: SessionStatus } & StartInstants,
): boolean {
  if (filter.status && session.status !== filter.status) return false;
  if (filter.startedAfter || filter.startedBefore) {
    const start = sessionStartMs(session);
    if (start === null) return false;
    if (filter.startedAfter && start < Date.parse(filter.startedAfter)) return false;
    if (filter.startedBefore && start > Date.parse(filter.startedBefore)) return false;
  }
  return true;
}
