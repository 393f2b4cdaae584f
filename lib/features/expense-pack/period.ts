import { APP_TIME_ZONE } from "@/lib/core/format";
import type { MessageKey } from "@/lib/core/i18n/translator";
import type { SessionStatus } from "@/lib/platform/types";
import { parseSessionFilter, plausibleDate } from "@/lib/features/sessions";
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

/** A refused period names, per field, the catalogue keys of its problems (worded by the route handler). */
export type PackPeriodResult = { ok: true; period: PackPeriod } | { ok: false; errors: Record<string, MessageKey[]> };

function lastDayOf(month: string): string {
  const next = addMonths(month, 1);
  const firstOfNext = Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 1);
  return new Date(firstOfNext - 86_400_000).toISOString().slice(0, 10);
}

function wholeMonth(kind: PackPeriodKind, month: string): PackPeriod {
  return { kind, from: `${month}-01`, to: lastDayOf(month) };
}

/** The period or field errors. A custom range is past and at most a year: a claim, not a history export. */
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
  return { ok: false, errors: { period: ["expensePack.periodErrors.choose"] } };
}

const MAX_CUSTOM_DAYS = 366;

function customPeriod(input: SearchParamsInput, today: string): PackPeriodResult {
  const errors: Record<string, MessageKey[]> = {};
  const from = readSearchParam(input, "from");
  const to = readSearchParam(input, "to");
  if (!from) errors.from = ["expensePack.periodErrors.fromMissing"];
  else if (!plausibleDate(from)) errors.from = ["expensePack.periodErrors.fromInvalid"];
  if (!to) errors.to = ["expensePack.periodErrors.toMissing"];
  else if (!plausibleDate(to)) errors.to = ["expensePack.periodErrors.toInvalid"];
  if (!from || !to || Object.keys(errors).length > 0) return { ok: false, errors };
  if (from > to) return { ok: false, errors: { to: ["expensePack.periodErrors.toBeforeFrom"] } };
  if (from > today) return { ok: false, errors: { from: ["expensePack.periodErrors.fromFuture"] } };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_CUSTOM_DAYS) return { ok: false, errors: { to: ["expensePack.periodErrors.tooLong"] } };
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
