/**
 * The portal's languages. Pure and client-safe: the switcher, the formatters and the server's locale
 * resolution all read them here.
 */
export const LOCALES = ["en", "nl", "de"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The driver's choice of language, kept in the browser (and on the account when signed in). */
export const LOCALE_COOKIE = "portal-locale";
/** A year: a language choice is a preference, not a session. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Each language named in itself, as language pickers do, so a driver finds their own language
 * whatever the page is in. Data, not interface text: the same in every catalogue.
 */
export const LANGUAGE_ENDONYMS: Record<Locale, string> = { en: "English", nl: "Nederlands", de: "Deutsch" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Intl locale per portal language (en-GB, nl-NL, de-DE); any other tag passes through. */
const INTL_LOCALES: Record<Locale, string> = { en: "en-GB", nl: "nl-NL", de: "de-DE" };

export function intlLocale(locale: string): string {
  return isLocale(locale) ? INTL_LOCALES[locale] : locale;
}
