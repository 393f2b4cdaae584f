import { COUNTRY_TABLE } from "./country-table";

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Every country of the platform's enum with its English name, sorted by name: the options of the
 * profile form's country select. A table in the client bundle rather than a list built with Intl on
 * the server and handed to the form as a prop: a prop travels in every page's RSC payload (11 KB next
 * to the same options in the HTML), and names made with Intl in the browser could differ from the
 * server's (another ICU) and break hydration.
 */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.freeze(
  COUNTRY_TABLE.trim()
    .split("\n")
    .map((line) => Object.freeze({ value: line.slice(0, 2), label: line.slice(3) })),
);

/** ISO 3166-1 alpha-2 codes (the platform's `country` enum). */
export const COUNTRY_CODES: readonly string[] = Object.freeze(COUNTRY_OPTIONS.map((o) => o.value));
export const DEFAULT_COUNTRY = "NL";

const NAMES = new Map(COUNTRY_OPTIONS.map((o) => [o.value, o.label]));

export function isCountryCode(value: string): boolean {
  return NAMES.has(value);
}

/** The English name of a country code; a code outside the enum stands for itself. */
export function countryName(code: string): string {
  return NAMES.get(code) ?? code;
}
