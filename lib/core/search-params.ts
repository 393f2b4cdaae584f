/** Every filter parser reads through here, so repeats, padding and empties mean the same: first value, trimmed. */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

export function readSearchParam(input: SearchParamsInput, name: string): string | undefined {
  const raw = input instanceof URLSearchParams ? (input.get(name) ?? undefined) : input[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === "" ? undefined : value;
}
