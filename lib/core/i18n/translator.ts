import "server-only";
import { createTranslator } from "next-intl";
import { catalogue } from "./catalogues";
import { DEFAULT_LOCALE, type Locale } from "./locales";

function createFor(locale: Locale) {
  return createTranslator({ locale, messages: catalogue(locale) });
}

export type Translator = ReturnType<typeof createFor>;

// One translator per language for the process: it keeps its parsed messages and Intl formatters, which
// a translator made per call would build again (~0.6 ms for three messages, measured; a receipt PDF has dozens).
const translators = new Map<Locale, Translator>();

/** Server words outside a page (actions, route errors, mails, CSV, PDF); keys are whole paths so each can be found. */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createFor(locale);
    translators.set(locale, translator);
  }
  return translator;
}

/** Any key of the catalogue, for code that names a message and leaves the words to the translator. */
export type MessageKey = Parameters<Translator>[0];

/** English, for code with no request and no recipient. */
export const defaultTranslator = (): Translator => translatorFor(DEFAULT_LOCALE);
