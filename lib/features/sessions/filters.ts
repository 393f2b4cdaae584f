import { APP_TIME_ZONE } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import type { ChargingSession, SessionStatus } from "@/lib/platform/types";
import { sessionStartMs } from "./session-time";
import { isCalendarDate, nextDay, startOfZonedDay, toUtcIsoSeconds } from "@/lib/core/zoned-time";
import { queryOf, quotedValue, readDayRange, readSearchParam, type SearchParamsInput } from "@/lib/core/search-params";

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
  /** One plain sentence per ignored value; empty when everything was usable. */
  problems: string[];
}

function isStatus(value: string): value is SessionStatus {
  return (SESSION_STATUSES as readonly string[]).includes(value);
}

/** A real calendar day (YYYY-MM-DD); dates outside 2000-2100 are typos, not history. */
export function plausibleDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isCalendarDate(value) && year >= 2000 && year <= 2100;
}

export function parseSessionFilter(input: SearchParamsInput, t: Translator): ParsedSessionFilter {
  const problems: string[] = [];
  const filter: SessionListFilter = { page: 1, perPage: DEFAULT_PAGE_SIZE };

  const status = readSearchParam(input, "status");
  if (status !== undefined) {
    const lower = status.toLowerCase();
    if (isStatus(lower)) filter.status = lower;
    else problems.push(t("sessions.filterMessages.badStatus", { value: quotedValue(status) }));
  }

  const page = readSearchParam(input, "page");
  if (page !== undefined) {
    const n = /^\d{1,6}$/.test(page) ? Number(page) : NaN;
    if (n >= 1 && n <= MAX_PAGE) filter.page = n;
    else problems.push(t("sessions.filterMessages.badPage", { value: quotedValue(page) }));
  }

  const perPage = readSearchParam(input, "perPage");
  if (perPage !== undefined) {
    const n = Number(perPage);
    if ((PAGE_SIZES as readonly number[]).includes(n)) filter.perPage = n;
    else
      problems.push(
        t("sessions.filterMessages.badPerPage", {
          sizes: PAGE_SIZES.join(", "),
          fallback: DEFAULT_PAGE_SIZE,
          value: quotedValue(perPage),
        }),
      );
  }

  problems.push(
    ...readDayRange(input, plausibleDate, filter, (problem, value) =>
      t(`sessions.filterMessages.${problem}`, { value }),
    ),
  );
  return { filter, problems };
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
