import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The one Accept-Language parser: pages, route handlers and the map all read the driver's language here. Pure. */

const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/** Preferred language from Accept-Language: highest q, ties in header order, bad tags skipped, else "en". */
export function preferredLocale(acceptLanguage: string | null | undefined): string {
  return languageTags(acceptLanguage)[0] ?? "en";
}

/** The portal language the header asks for first ("de-AT,de;q=0.9" → "de"), or English. */
export function supportedLocale(acceptLanguage: string | null | undefined): Locale {
  for (const tag of languageTags(acceptLanguage)) {
    const language = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** The header's usable tags, most preferred first. */
function languageTags(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .slice(0, 512)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((c) => c.q > 0 && LANGUAGE_TAG.test(c.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((candidate) => candidate.tag);
}

/** The preferred language of a request. */
export function requestLocale(request: Pick<Request, "headers">): string {
  return preferredLocale(request.headers.get("accept-language"));
}
