import { APP_TIME_ZONE, dateTimeFormat } from "@/lib/core/format";
import type { ChargingSession } from "@/lib/platform/types";
import { addMonths, startOfZonedDay, toUtcIsoSeconds, zonedDate } from "@/lib/core/zoned-time";

/**
 * kWh and cost per month over the last 12, zeros for empty months. Running sessions are left out and counted in
 * `runningCount`. Pure.
 */

export const MONTHS_SHOWN = 12;

export interface MonthlyTotal {
  /** "2026-03"; the chart names it in the page's language (monthLabel). */
  month: string;
  energyWh: number;
  amount: number;
  /** Finished and failed sessions in the totals. */
  sessionCount: number;
  /** Running sessions started this month, not in the totals. */
  runningCount: number;
}

/** The 12 months ending with the current one in `timeZone`, oldest first. */
export function lastTwelveMonths(now: Date, timeZone: string = APP_TIME_ZONE): string[] {
  const current = zonedDate(now, timeZone).slice(0, 7);
  return Array.from({ length: MONTHS_SHOWN }, (_, i) => addMonths(current, i - (MONTHS_SHOWN - 1)));
}

/** The instant the oldest month starts: the `startedAfter` of the chart's platform query. */
export function monthlyWindowStart(now: Date, timeZone: string = APP_TIME_ZONE): string {
  const first = lastTwelveMonths(now, timeZone)[0] as string;
  return toUtcIsoSeconds(startOfZonedDay(`${first}-01`, timeZone));
}

/** The instant the current month starts in `timeZone`: the account overview's "this month". */
export function currentMonthStart(now: Date, timeZone: string = APP_TIME_ZONE): string {
  return toUtcIsoSeconds(startOfZonedDay(`${zonedDate(now, timeZone).slice(0, 7)}-01`, timeZone));
}

/** "Mar 2026", "mrt 2026", "März 2026": a month as the chart's table and captions name it. */
export function monthLabel(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/**
 * "Mar", "mrt", "Mär": a month under its bar, where three letters fit (en-GB's "Sept" does not, so
 * the month's short name is cut to three, as the chart always did).
 */
export function monthAxisLabel(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: "short", timeZone: "UTC" })
    .format(new Date(`${month}-15T12:00:00Z`))
    .slice(0, 3);
}

/**
 * The month a session belongs to: the month on the charge point's clock (the local start time the
 * driver saw), else the start instant in the service's time zone.
 */
export function sessionMonth(
  session: Pick<ChargingSession, "startedAt" | "startedAtLocal">,
  timeZone: string = APP_TIME_ZONE,
): string | null {
  const local = session.startedAtLocal?.match(/^(\d{4}-\d{2})-\d{2}T/);
  if (local?.[1]) return local[1];
  const ms = session.startedAt ? Date.parse(session.startedAt) : NaN;
  return Number.isFinite(ms) ? zonedDate(new Date(ms), timeZone).slice(0, 7) : null;
}

/** Adds sessions one by one, so a long history is never held in memory. */
export class MonthlyAggregator {
  private readonly totals = new Map<string, MonthlyTotal>();
  private readonly timeZone: string;

  constructor(now: Date, timeZone: string = APP_TIME_ZONE) {
    this.timeZone = timeZone;
    for (const month of lastTwelveMonths(now, timeZone)) {
      this.totals.set(month, {
        month,
        energyWh: 0,
        amount: 0,
        sessionCount: 0,
        runningCount: 0,
      });
    }
  }

  add(session: ChargingSession): void {
    const month = sessionMonth(session, this.timeZone);
    const total = month === null ? undefined : this.totals.get(month);
    if (!total) return;
    if (session.isRunning) {
      total.runningCount += 1;
      return;
    }
    total.energyWh += session.energyWh;
    // Cents as integers while adding, so 0.1 + 0.2 stays 0.30.
    total.amount = Math.round(total.amount * 100 + session.amount * 100) / 100;
    total.sessionCount += 1;
  }

  result(): MonthlyTotal[] {
    return [...this.totals.values()].map((t) => ({ ...t }));
  }
}
