import { APP_TIME_ZONE, dateTimeFormat, formatDate } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import type { SessionStatus } from "@/lib/platform/types";
import { hasRangeFilter, parseSessionFilter, plausibleDate, type SessionRangeFilter } from "@/lib/features/sessions";
import { readSearchParam, type SearchParamsInput } from "@/lib/core/search-params";
import { addMonths, zonedDate } from "@/lib/core/zoned-time";

/** A pack's period (`?period=`): calendar days in the service's time zone, inclusive, like the session filters. */

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

/** The period or field errors. A custom range is past and at most a year: a claim, not a history export. */
export function parsePackPeriod(
  input: SearchParamsInput,
  now: Date,
  t: Translator,
  timeZone = APP_TIME_ZONE,
): PackPeriodResult {
  const kind = readSearchParam(input, "period");
  const thisMonth = zonedDate(now, timeZone).slice(0, 7);
  if (kind === "this-month") return { ok: true, period: wholeMonth(kind, thisMonth) };
  if (kind === "last-month") return { ok: true, period: wholeMonth(kind, addMonths(thisMonth, -1)) };
  if (kind === "filters") {
    // The list's own rules: a value it ignores is ignored here too, so the pack matches the list.
    const { filter } = parseSessionFilter(input, t);
    return { ok: true, period: { kind, from: filter.from, to: filter.to, status: filter.status } };
  }
  if (kind === "custom") return customPeriod(input, zonedDate(now, timeZone), t);
  return { ok: false, errors: { period: [t("expensePack.periodErrors.choose")] } };
}

const MAX_CUSTOM_DAYS = 366;

function customPeriod(input: SearchParamsInput, today: string, t: Translator): PackPeriodResult {
  const errors: Record<string, string[]> = {};
  const from = readSearchParam(input, "from");
  const to = readSearchParam(input, "to");
  if (!from) errors.from = [t("expensePack.periodErrors.fromMissing")];
  else if (!plausibleDate(from)) errors.from = [t("expensePack.periodErrors.fromInvalid")];
  if (!to) errors.to = [t("expensePack.periodErrors.toMissing")];
  else if (!plausibleDate(to)) errors.to = [t("expensePack.periodErrors.toInvalid")];
  if (!from || !to || Object.keys(errors).length > 0) return { ok: false, errors };
  if (from > to) return { ok: false, errors: { to: [t("expensePack.periodErrors.toBeforeFrom")] } };
  if (from > today) return { ok: false, errors: { from: [t("expensePack.periodErrors.fromFuture")] } };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_CUSTOM_DAYS) return { ok: false, errors: { to: [t("expensePack.periodErrors.tooLong")] } };
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

/** The period in words for the summary: "1 Mar 2026 to 31 Mar 2026", "All sessions up to …". */
export function describePeriod(period: PackPeriod, formatDay: (day: string) => string, t: Translator): string {
  if (period.from && period.to)
    return t("expensePack.period.range", { from: formatDay(period.from), to: formatDay(period.to) });
  if (period.from) return t("expensePack.period.since", { from: formatDay(period.from) });
  if (period.to) return t("expensePack.period.upTo", { to: formatDay(period.to) });
  return t("expensePack.period.all");
}

/** A calendar day (YYYY-MM-DD) as the pack's documents and dialog print it: "14 Mar 2026", "14.03.2026". */
export function printedDay(day: string, locale: string): string {
  return formatDate(`${day}T12:00:00Z`, locale, "UTC");
}

function longMonth(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/**
 * What the pack dialog offers, in the words of `t` and the formats of `locale`: the two months by
 * name and the list's filters, if set.
 */
export function packChoices(
  now: Date,
  filter: SessionRangeFilter,
  t: Translator,
  locale: string,
  timeZone = APP_TIME_ZONE,
): Pick<ExpensePackChoices, "thisMonthLabel" | "lastMonthLabel" | "filters"> {
  const thisMonth = zonedDate(now, timeZone).slice(0, 7);
  const range = describePeriod(
    { kind: "filters", from: filter.from, to: filter.to },
    (day) => printedDay(day, locale),
    t,
  );
  return {
    thisMonthLabel: longMonth(thisMonth, locale),
    lastMonthLabel: longMonth(addMonths(thisMonth, -1), locale),
    filters: hasRangeFilter(filter)
      ? {
          ...filter,
          description: filter.status
            ? t("expensePack.filters.withStatus", { range, status: filter.status })
            : t("expensePack.filters.any", { range }),
        }
      : undefined,
  };
}

export interface ExpensePackChoices {
  thisMonthLabel: string;
  lastMonthLabel: string;
  filters?: { status?: string; from?: string; to?: string; description: string };
}
