import { zonedParts } from "@/lib/core/zoned-time";

/**
 * `2026-03-14T18:02:11+01:00`: the wall-clock time of an instant in an IANA zone, with that
 * instant's offset (so DST is right per instant). Null for an unparseable instant.
 */
const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** True when the runtime knows the zone (a platform may send anything). */
export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function toLocalIso(instant: string, timeZone: string): string | null {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return null;
  const seconds = Math.floor(ms / 1000) * 1000;
  const p = zonedParts(new Date(seconds), timeZone);
  const offset = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - seconds) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
