/** CSV cells and lines (RFC 4180) for every export; pure. */

export type CsvValue = string | number | null | undefined;

/**
 * Cells a spreadsheet would run as a formula (=+-@, after skipped whitespace, full-width forms) or starting with a
 * control character get a leading apostrophe (OWASP CSV injection).
 */
const FORMULA_START = /^(?:[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|\p{Cc})/u;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
