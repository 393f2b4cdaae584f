import "server-only";
import { translatorFor, type Translator } from "@/lib/core/i18n/translator";
import { currentLocale } from "./current-locale";

/** The words of this request's language (English outside a request). */
export async function requestTranslator(): Promise<Translator> {
  return translatorFor(await currentLocale());
}
