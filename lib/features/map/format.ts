import { APP_LOCALE, numberFormat } from "@/lib/core/format";
import type { MapConnector } from "./points";

/** Map numbers as drivers read them (DESIGN.md convention 10: every number through Intl). Pure. */

export function formatDistance(km: number, locale = APP_LOCALE): string {
  if (!Number.isFinite(km)) return "—";
  if (km < 1) return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(km * 100) * 10)} m`;
  return `${numberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

/** "7.4 kW" ("7,4 kW" in Dutch and German). */
export function formatKw(kw: number, locale = APP_LOCALE): string {
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(kw)} kW`;
}

/** A point's power, or `unknown` (the caller's words for "power unknown") when the data does not say. */
export function formatPower(kw: number | null, unknown: string, locale = APP_LOCALE): string {
  if (kw === null || !Number.isFinite(kw)) return unknown;
  return formatKw(kw, locale);
}

/** "CCS2 150 kW × 4" */
export function formatConnector(connector: MapConnector, locale = APP_LOCALE): string {
  const power =
    connector.powerKw === null || !Number.isFinite(connector.powerKw) ? "" : ` ${formatKw(connector.powerKw, locale)}`;
  const count = connector.quantity > 1 ? ` × ${connector.quantity}` : "";
  return `${connector.label}${power}${count}`;
}

/** A run of digits with "." or "," inside, starting and ending on a digit (a sentence's full stop stays outside). */
const NUMBER_RUN = /\d[\d.,]*\d/g;

/** The decimal number a run of the free text stands for, with its fraction digits; null when it is not clear. */
function parseDecimal(run: string): { value: number; fractionDigits: number } | null {
  const separators = run.replace(/\d/g, "");
  if (separators.length === 0) return null;
  const decimalMark = run[Math.max(run.lastIndexOf("."), run.lastIndexOf(","))] as "." | ",";
  const cut = run.lastIndexOf(decimalMark);
  const whole = run.slice(0, cut);
  const fraction = run.slice(cut + 1);
  const groupMark = decimalMark === "." ? "," : ".";
  // Before the decimal mark only thousands groups of the other mark: "1.234,56", "1,234.56".
  if (whole.includes(decimalMark)) return null;
  const groups = whole.split(groupMark);
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0] ?? "") || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    return null;
  // "1,500" or "2.000" alone: a thousands group or three decimals, no one can tell. "0,450" is a decimal.
  if (groups.length === 1 && fraction.length === 3 && !/^0+$/.test(whole)) return null;
  // "08.00" is a time of day, not a number.
  if (/^0\d/.test(whole)) return null;
  const value = Number(`${groups.join("")}.${fraction}`);
  return Number.isFinite(value) ? { value, fractionDigits: fraction.length } : null;
}

/** Opening hours in a price text ("08.00-20.00", "8:00 – 18:00"): times, left as they are. */
const TIME_RANGE = /\b\d{1,2}[.:]\d{2}\s*[-–]\s*\d{1,2}[.:]\d{2}\b/g;

/**
 * A free-text price ("€0,45/kWh", "0.39 EUR per kWh + 1,50 start") with its decimal numbers in the page's format;
 * whole numbers, times and whatever cannot be read for sure stay as the data gives them.
 */
export function formatUsageCost(text: string, locale = APP_LOCALE): string {
  const times = [...text.matchAll(TIME_RANGE)].map((match) => [match.index, match.index + match[0].length]);
  return text.replace(NUMBER_RUN, (run: string, offset: number) => {
    if (times.some(([start = 0, end = 0]) => offset >= start && offset < end)) return run;
    // Right after a letter it is a name or a version ("v2.1", "AC22.5"), not an amount.
    const parsed = /\p{L}/u.test(text[offset - 1] ?? "") ? null : parseDecimal(run);
    if (!parsed) return run;
    const digits = Math.min(parsed.fractionDigits, 20);
    return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(parsed.value);
  });
}
