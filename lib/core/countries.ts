import { intlLocale } from "@/lib/core/i18n/locales";
import { COUNTRY_TABLE } from "./country-table";

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Country options in English, sorted by name. Why a client-bundle table, not an Intl-built prop:
 * docs/design-notes.md#libcorecountriests.
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

/** Whether a portal language names countries with the English table (no Intl needed). */
function isEnglish(locale: string): boolean {
  return locale === "en" || locale.toLowerCase().startsWith("en-");
}

/** Intl's region names in a language, or null where this runtime has none (no Intl.DisplayNames, no data). */
function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    if (typeof Intl.DisplayNames !== "function") return null;
    return new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "none" });
  } catch {
    return null;
  }
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) displayNames.set(locale, regionNames(locale));
  return displayNames.get(locale) ?? null;
}

/** A country code's name in the page's language: Intl's, else English; a code outside the enum stands for itself. */
export function countryName(code: string, locale = "en"): string {
  const english = NAMES.get(code);
  if (english === undefined || isEnglish(locale)) return english ?? code;
  let named: string | undefined;
  try {
    named = namesIn(locale)?.of(code);
  } catch {
    named = undefined;
  }
  return named && named !== code ? named : english;
}

const optionsByLocale = new Map<string, readonly CountryOption[]>();

/** The select's options in a language, sorted as it sorts; one frozen list per language. */
export function countryOptions(locale = "en"): readonly CountryOption[] {
  if (isEnglish(locale)) return COUNTRY_OPTIONS;
  const known = optionsByLocale.get(locale);
  if (known) return known;
  let compare: (a: string, b: string) => number;
  try {
    compare = new Intl.Collator(intlLocale(locale)).compare;
  } catch {
    compare = (a, b) => a.localeCompare(b);
  }
  const options = Object.freeze(
    COUNTRY_OPTIONS.map((o) => Object.freeze({ value: o.value, label: countryName(o.value, locale) })).sort((a, b) =>
      compare(a.label, b.label),
    ),
  );
  optionsByLocale.set(locale, options);
  return options;
}
