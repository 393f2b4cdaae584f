import "server-only";
import { createTranslator } from "next-intl";
import { catalogue } from "./catalogues";
import { currentLocale } from "./current-locale";
import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The server's words outside a page: action answers, route-handler errors, mails, CSV and PDF
 * headers. Keys are whole paths ("cards.errors.duplicate") so each one can be found from the
 * catalogue. Pages and components use next-intl's getTranslations/useTranslations instead.
 */
export function translatorFor(locale: Locale) {
  return createTranslator({ locale, messages: catalogue(locale) });
}

export type Translator = ReturnType<typeof translatorFor>;
/** Any key of the catalogue, for code that names a message and leaves the words to the translator. */
export type MessageKey = Parameters<Translator>[0];

/** The words of this request's language (English outside a request). */
export async function requestTranslator(): Promise<Translator> {
  return translatorFor(await currentLocale());
}

/** English, for code with no request and no recipient (logs never use it: they stay in English keys). */
export const defaultTranslator = (): Translator => translatorFor(DEFAULT_LOCALE);
