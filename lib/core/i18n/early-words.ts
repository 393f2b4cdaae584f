import { createTranslator } from "next-intl";
import { supportedLocale } from "./accept-language";
import { catalogue } from "./catalogues";
import { isLocale, LOCALE_COOKIE, type Locale } from "./locales";

/** The language before any page runs (middleware: no db): the switcher's cookie, then Accept-Language. */
export function earlyLocale(request: Request): Locale {
  const chosen = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return isLocale(chosen) ? chosen : supportedLocale(request.headers.get("accept-language"));
}

/** The words of a request that no page has read yet (middleware's refusals). */
export function earlyTranslator(request: Request) {
  const locale = earlyLocale(request);
  return createTranslator({ locale, messages: catalogue(locale) });
}
