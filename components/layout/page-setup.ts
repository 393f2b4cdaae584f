import { getLocale, getTranslations } from "next-intl/server";
import type { Messages, NamespaceKeys, NestedKeyOf } from "next-intl";
import type { SearchParams } from "./search-params";

/** A list page's words (its own namespace and the whole catalogue), its locale and its query string, read together. */
export function readListPage<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  namespace: N,
  searchParams: SearchParams,
) {
  return Promise.all([getTranslations(namespace), getTranslations(), getLocale(), searchParams]);
}
