/**
 * Query values as pages (a `searchParams` record) and route handlers (`URLSearchParams`) hand them over.
 * Every filter parser reads through here so a repeated key, padding and an empty value mean the same
 * thing everywhere: the first value, trimmed, and "absent" when nothing is left. Pure.
 */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

export function readSearchParam(input: SearchParamsInput, name: string): string | undefined {
  const raw = input instanceof URLSearchParams ? (input.get(name) ?? undefined) : input[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === "" ? undefined : value;
}
