/**
 * The one time-zone helper: calendar days, months and wall-clock times in a named time zone, without
 * a date library. Pure (no server-only): session filters, the monthly chart and the audit log use it.
 */

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const get = (key: string) => parts[key] ?? 0;
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** The wall clock `p` read as if it were UTC, in ms. */
const wallClockMs = (p: ZonedParts) => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);

/** Wall clock minus UTC at this instant, in ms (+1 h in Amsterdam winter time). */
function offsetAt(instantMs: number, timeZone: string): number {
  const seconds = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(zonedParts(new Date(seconds), timeZone)) - seconds;
}

const pad2 = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** `2026-03-14T18:02:11+01:00`: the wall clock in `timeZone` with that instant's own offset (DST-safe). */
export function toZonedIso(instant: Date, timeZone: string): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const p = zonedParts(new Date(seconds), timeZone);
  const offsetMinutes = Math.round((wallClockMs(p) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const date = `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  const time = `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
  return `${date}T${time}${sign}${pad2(Math.trunc(offsetMinutes / 60))}:${pad2(offsetMinutes % 60)}`;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant the given calendar day starts in `timeZone` (DST-safe: the offset is checked twice). */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d);
  const first = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return new Date(wallAsUtc - offsetAt(first, timeZone));
}

/** YYYY-MM-DD of the day after `date`. */
export function nextDay(date: string): string {
  const start = new Date(`${date}T00:00:00Z`);
  return new Date(start.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
export function zonedDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** "2026-03" plus `delta` months (negative goes back). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** ISO 8601 UTC with second precision, the form the platform writes and reads. */
export function toUtcIsoSeconds(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}
