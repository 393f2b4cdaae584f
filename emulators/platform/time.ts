import { toUtcIsoSeconds, toZonedIso } from "@/lib/core/zoned-time";

/**
 * Time formatting on the wire. The platform works in UTC and writes ISO 8601 with second
 * precision; session "Local" fields carry the Europe/Amsterdam offset of that instant, so the
 * offset flips between +01:00 and +02:00 across DST and must be derived per instant (Intl), never
 * from a fixed offset.
 */
export const LOCAL_TIME_ZONE = "Europe/Amsterdam";

/** `2026-03-14T17:02:11Z` — UTC, seconds precision, no milliseconds. */
export function toUtcIso(value: Date | string): string {
  return toUtcIsoSeconds(typeof value === "string" ? new Date(value) : value);
}

/** `2026-03-14T18:02:11+01:00` — wall-clock time in Amsterdam with that instant's offset. */
export function toAmsterdamIso(value: Date | string): string {
  return toZonedIso(typeof value === "string" ? new Date(value) : value, LOCAL_TIME_ZONE);
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
