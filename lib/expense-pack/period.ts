import { APP_LOCALE, APP_TIME_ZONE, dateTimeFormat, formatDate } from "@/lib/format";
import type { SessionStatus } from "@/lib/platform/types";
import {
  hasRangeFilter,
  parseSessionFilter,
  plausibleDate,
  SESSION_STATUS_LABELS,
  type SessionRangeFilter,
} from "@/lib/sessions/filters";
import { readSearchParam, type SearchParamsInput } from "@/lib/search-params";
import { addMonths, zonedDate } from "@/lib/time/zoned-time";

/**
 * The period of an expense pack, as the pack dialog sends it (`?period=…`): this month, last month,
 * a custom range of days, or the session list's current filters. Days are calendar days in the
 * service's time zone, inclusive, like the session filters. Pure.
 */

export const PACK_PERIODS = ["this-month", "last-month", "custom", "filters"] as const;
export type PackPeriodKind = (typeof PACK_PERIODS)[number];

export interface PackPeriod {
  kind: PackPeriodKind;
  /** First day, YYYY-MM-DD; absent only for "filters" without a start date (the whole history). */
  from?: string;
  /** Last day, inclusive. */
  to?: string;
  /** Only with "filters": the list's status filter. */
  status?: SessionStatus;
}

export type PackPeriodResult = { ok: true; period: PackPeriod } | { ok: false; errors: Record<string, string[]> };

function lastDayOf(month: string): string {
  const next = addMonths(month, 1);
  const firstOfNext = Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 1);
  return new Date(firstOfNext - 86_400_000).toISOString().slice(0, 10);
}

function wholeMonth(kind: PackPeriodKind, month: string): PackPeriod {
  return { kind, from: `${month}-01`, to: lastDayOf(month) };
}

/**
 * The period asked for, or the field errors to show in the dialog. `today` is "now" as the pack's
 * clock tells it; a custom range must lie in the past or today and span at most a year, so one pack
 * stays a claim and not a history export (that is "Download my data").
 */
export function parsePackPeriod(input: SearchParamsInput, now: Date, timeZone = APP_TIME_ZONE): PackPeriodResult {
  const kind = readSearchParam(input, "period");
  const thisMonth = zonedDate(now, timeZone).slice(0, 7);
  if (kind === "this-month") return { ok: true, period: wholeMonth(kind, thisMonth) };
  if (kind === "last-month") return { ok: true, period: wholeMonth(kind, addMonths(thisMonth, -1)) };
  if (kind === "filters") {
    // The list's own rules: a value it ignores is ignored here too, so the pack matches the list.
    const { filter } = parseSessionFilter(input);
    return { ok: true, period: { kind, from: filter.from, to: filter.to, status: filter.status } };
  }
  if (kind === "custom") return customPeriod(input, zonedDate(now, timeZone));
  return { ok: false, errors: { period: ["Choose a period: this month, last month, your own dates or the filters."] } };
}

const MAX_CUSTOM_DAYS = 366;

function customPeriod(input: SearchParamsInput, today: string): PackPeriodResult {
  const errors: Record<string, string[]> = {};
  const from = readSearchParam(input, "from");
  const to = readSearchParam(input, "to");
  if (!from) errors.from = ["Enter the first day of the period."];
  else if (!plausibleDate(from)) errors.from = ["Enter the first day as a date, like 2026-03-01."];
  if (!to) errors.to = ["Enter the last day of the period."];
  else if (!plausibleDate(to)) errors.to = ["Enter the last day as a date, like 2026-03-31."];
  if (!from || !to || Object.keys(errors).length > 0) return { ok: false, errors };
  if (from > to) return { ok: false, errors: { to: ["The last day must be on or after the first day."] } };
  if (from > today) return { ok: false, errors: { from: ["The period cannot start in the future."] } };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_CUSTOM_DAYS)
    return { ok: false, errors: { to: ["A pack covers at most a year. Choose a shorter period."] } };
  return { ok: true, period: { kind: "custom", from, to } };
}

/** The pack's file name: `expense-pack-2026-03.zip` for a whole month, else the first and last day. */
export function packFilename(period: PackPeriod, today: string): string {
  const from = period.from ?? "start";
  const to = period.to ?? today;
  const month = from.slice(0, 7);
  if (period.from === `${month}-01` && period.to === lastDayOf(month)) return `expense-pack-${month}.zip`;
  return `expense-pack-${from}-to-${to}.zip`;
}

/** The period in words for the summary: "1 March 2026 to 31 March 2026", "everything up to …". */
export function describePeriod(period: PackPeriod, formatDay: (day: string) => string): string {
  if (period.from && period.to) return `${formatDay(period.from)} to ${formatDay(period.to)}`;
  if (period.from) return `${formatDay(period.from)} until today`;
  if (period.to) return `All sessions up to ${formatDay(period.to)}`;
  return "All sessions";
}

function longMonth(month: string): string {
  return dateTimeFormat(APP_LOCALE, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** What the pack dialog offers, in words: the two months by name and the list's filters, if set. */
export function packChoices(
  now: Date,
  filter: SessionRangeFilter,
  timeZone = APP_TIME_ZONE,
): Pick<ExpensePackChoices, "thisMonthLabel" | "lastMonthLabel" | "filters"> {
  const thisMonth = zonedDate(now, timeZone).slice(0, 7);
  const printed = (day: string) => formatDate(`${day}T12:00:00Z`, APP_LOCALE, "UTC");
  const range = describePeriod({ kind: "filters", from: filter.from, to: filter.to }, printed);
  const status = filter.status ? `${SESSION_STATUS_LABELS[filter.status].toLowerCase()} sessions` : null;
  return {
    thisMonthLabel: longMonth(thisMonth),
    lastMonthLabel: longMonth(addMonths(thisMonth, -1)),
    filters: hasRangeFilter(filter)
      ? {
          ...filter,
          description: status ? `${range}, ${status} only.` : `${range}.`,
        }
      : undefined,
  };
}

export interface ExpensePackChoices {
  thisMonthLabel: string;
  lastMonthLabel: string;
  filters?: { status?: string; from?: string; to?: string; description: string };
}
