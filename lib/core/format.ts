/**
 * Every user-visible number and time goes through here (DESIGN.md convention 10), so that
 * kWh, money and times look the same on every page and in every test. Pure: safe on server and client.
 */
import { intlLocale } from "@/lib/core/i18n/locales";

export const APP_LOCALE = "en-GB";
/** Times the platform gives only in UTC are shown in the service's home time zone. */
export const APP_TIME_ZONE = "Europe/Amsterdam";

/**
 * Intl formatters cost ~20–60 µs to build and ~1 µs to use, so they are cached per locale and options. Bounded: a
 * locale can come from a request header.
 */
const MAX_CACHED_FORMATTERS = 200;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, locale: string, options: object, build: (locale: string) => T): T {
  // A portal language ("de") stands for its region's formats ("de-DE"): lib/core/i18n/locales.ts.
  locale = intlLocale(locale);
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (formatter === undefined) {
    formatter = build(locale); // throws on a bad locale or currency, exactly as before: nothing is cached then
    if (cache.size >= MAX_CACHED_FORMATTERS) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, (tag) => new Intl.NumberFormat(tag, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
}

const TWO_DECIMALS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** Platform energy is Wh; drivers read kWh with two decimals. */
export function whToKwh(wh: number): number {
  return wh / 1000;
}

export function formatKwh(wh: number, locale = APP_LOCALE): string {
  return `${numberFormat(locale, TWO_DECIMALS).format(whToKwh(wh))} kWh`;
}

/** Money in the account currency; null currency means the account has no transaction yet. */
export function formatMoney(amount: number, currency: string | null, locale = APP_LOCALE): string {
  if (!currency) return numberFormat(locale, TWO_DECIMALS).format(amount);
  try {
    return numberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    // An unknown code from the platform must not break the page.
    return `${numberFormat(locale, TWO_DECIMALS).format(amount)} ${currency}`;
  }
}

/** A change of a balance: "+€10.00", "−€3.20" (a real minus sign, read as "minus"), or the plain amount for 0. */
export function formatSignedMoney(change: number, currency: string | null, locale = APP_LOCALE): string {
  const cents = Math.round(change * 100);
  const magnitude = formatMoney(Math.abs(cents) / 100, currency, locale);
  return cents > 0 ? `+${magnitude}` : cents < 0 ? `\u2212${magnitude}` : magnitude;
}

export function formatDateTime(value: Date | string, locale = APP_LOCALE, timeZone = APP_TIME_ZONE): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

export function formatDate(value: Date | string, locale = APP_LOCALE, timeZone = APP_TIME_ZONE): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}

/**
 * A platform "local" time (ISO with the charge point's offset, e.g. 2026-03-14T18:02:11+01:00) is shown
 * as the wall-clock time it states: the time the driver saw at the charge point.
 */
export function formatLocalTime(isoLocal: string | null, locale = APP_LOCALE): string {
  if (!isoLocal) return "—";
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(isoLocal);
  if (!match) return "—";
  const [, y, mo, d, h, mi, s] = match;
  const wallClock = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(wallClock);
}

/** The words of a duration: the catalogue's "duration" namespace (a translator for it). */
export type DurationKey = "underAMinute" | "minutes" | "hoursMinutes";
export type DurationWords = (key: DurationKey, values?: Record<string, string | number>) => string;

/**
 * "1 h 05 min", "42 min", "under a minute" in the words a translator of the "duration" namespace
 * gives (useTranslations("duration"), getTranslations("duration")); negative or unknown durations show a dash.
 */
export function formatDuration(ms: number | null, words: DurationWords): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "—";
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes < 1) return words("underAMinute");
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return words("minutes", { minutes: String(minutes) });
  return words("hoursMinutes", { hours: String(hours), minutes: String(minutes).padStart(2, "0") });
}

/** Duration between two timestamps (any ISO form with offset); null when either is missing. */
export function durationBetween(startIso: string | null, endIso: string | null): number | null {
  if (!startIso || !endIso) return null;
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  return Number.isFinite(ms) ? ms : null;
}
