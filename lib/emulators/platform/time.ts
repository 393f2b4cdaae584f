/**
 * Time formatting on the wire. The platform works in UTC and writes ISO 8601 with second
 * precision; session "Local" fields carry the Europe/Amsterdam offset of that instant, so the
 * offset flips between +01:00 and +02:00 across DST and must be derived per instant (Intl), never
 * from a fixed offset.
 */
export const LOCAL_TIME_ZONE = "Europe/Amsterdam";

const localParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: LOCAL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** `2026-03-14T17:02:11Z` — UTC, seconds precision, no milliseconds. */
export function toUtcIso(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `2026-03-14T18:02:11+01:00` — wall-clock time in Amsterdam with that instant's offset. */
export function toAmsterdamIso(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of localParts.formatToParts(new Date(seconds))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const get = (key: string) => parts[key] ?? 0;
  const wallAsUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  const offsetMinutes = Math.round((wallAsUtc - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const date10 = `${get("year")}-${pad(get("month"))}-${pad(get("day"))}`;
  const time8 = `${pad(get("hour"))}:${pad(get("minute"))}:${pad(get("second"))}`;
  return `${date10}T${time8}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}

/**
 * Parses a filter timestamp. Like the real platform, a value without `Z` or an offset is read as
 * UTC; a bare date means midnight UTC. Returns null when it is not a date at all.
 */
export function parseFilterInstant(value: string): Date | null {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) && trimmed.length > 10;
  const normalised = trimmed.replace(" ", "T") + (trimmed.length === 10 ? "T00:00:00Z" : hasZone ? "" : "Z");
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}
