/**
 * Pure display helpers shared by server code and client components, so deliberately
 * without `server-only` and without imports.
 */

export interface NamedLocation {
  id: number;
  names: readonly { locale: string; translation: string }[];
}

function normaliseLocale(locale: string): string {
  return locale.trim().replace(/_/g, "-").toLowerCase();
}

function languageOf(locale: string): string {
  return normaliseLocale(locale).split("-")[0] ?? "";
}

/** The location's name in `locale`: exact locale, same language, first translation, else `Location #<id>`. */
export function locationName(location: NamedLocation, locale: string): string {
  const usable = location.names.filter((n) => n.translation.trim() !== "");
  const wanted = normaliseLocale(locale);
  const language = languageOf(locale);
  const match =
    usable.find((n) => normaliseLocale(n.locale) === wanted) ??
    usable.find((n) => normaliseLocale(n.locale) === language) ??
    (language === "" ? undefined : usable.find((n) => languageOf(n.locale) === language)) ??
    usable[0];
  return match ? match.translation.trim() : `Location #${location.id}`;
}
