import { getLocale, getTranslations } from "next-intl/server";
import { inWords, type Wording } from "@/lib/core/i18n/wording";
import type { SearchParamsInput } from "@/lib/core/search-params";
import type { SearchParams } from "./search-params";

/**
 * What a filtered list page reads with its own words: the whole catalogue (for errors), the locale, and the
 * filter `parse` reads from the query, with the values it ignored in words.
 */
export async function readListQuery<F>(
  searchParams: SearchParams,
  parse: (params: SearchParamsInput) => { filter: F; problems: Wording[] },
) {
  const [translator, locale, params] = await Promise.all([getTranslations(), getLocale(), searchParams]);
  const { filter, problems } = parse(params);
  return { translator, locale, filter, problems: problems.map((problem) => inWords(translator, problem)) };
}
