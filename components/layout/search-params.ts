/** The query string a page is handed by Next: a promise of each parameter's value or values. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The props of a page that reads its query string and has no dynamic segment. */
export interface SearchParamsProps {
  searchParams: SearchParams;
}
