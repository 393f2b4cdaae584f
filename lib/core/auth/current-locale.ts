import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { supportedLocale } from "@/lib/core/i18n/accept-language";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/core/i18n/locales";
import { getViewer } from "./viewer";

/** This request's language: the switcher's choice (cookie, then account), Accept-Language, then English. */
export const currentLocale = cache(async (): Promise<Locale> => {
  let jar: Awaited<ReturnType<typeof cookies>>;
  let requestHeaders: Headers;
  try {
    [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  } catch {
    return DEFAULT_LOCALE;
  }
  const chosen = jar.get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  const stored = (await getViewer())?.locale;
  if (isLocale(stored)) return stored;
  return supportedLocale(requestHeaders.get("accept-language"));
});
