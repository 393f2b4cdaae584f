import { intlLocale } from "@/lib/core/i18n/locales";
import { COUNTRY_TABLE } from "./country-table";

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Every country of the platform's enum with its English name, sorted by name: the options of the
 * profile form's country select in English. A table in the client bundle rather than a list built
 * with Intl on the server and handed to the form as a prop: a prop travels in every page's RSC
 * payload (11 KB next to the same options in the HTML), and English names made with Intl in the
 * browser could differ from the server's (another ICU) and break hydration. Other languages name
 * the countries with Intl.DisplayNames (countryOptions), falling back to these English names.
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

/**
 * The name of a country code in the page's language ("NL" → "Netherlands", "Nederland",
 * "Niederlande"): Intl's name where the runtime has one, else the English name; a code outside the
 * enum stands for itself.
 */
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

/**
 * The country select's options in a language, sorted by name as that language sorts: the English
 * table for English, Intl's names (English where a name is missing) for the others. One frozen list
 * per language, so a render cannot change what the next one shows.
 */
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
