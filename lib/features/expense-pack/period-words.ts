import { APP_TIME_ZONE, dateTimeFormat, formatDate } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import { addMonths, zonedDate } from "@/lib/core/zoned-time";
import { hasRangeFilter, type SessionRangeFilter } from "@/lib/features/sessions";
import type { PackPeriod } from "./period";

/** A pack's period in words: the summary's line and what the pack dialog offers (the edge of period.ts). */

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
