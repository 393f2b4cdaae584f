/** Every filter parser reads through here, so repeats, padding and empties mean the same: first value, trimmed. */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

export function readSearchParam(input: SearchParamsInput, name: string): string | undefined {
  const raw = input instanceof URLSearchParams ? (input.get(name) ?? undefined) : input[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value === "" ? undefined : value;
}

/** A typed value as a filter's message quotes it: cut at 24 characters, so the message stays a sentence. */
export function quotedValue(value: string): string {
  return value.length > 24 ? `${value.slice(0, 24)}…` : value;
}

export type DayRangeProblem = "badFrom" | "badTo" | "rangeReversed";

/** A filter's `from`/`to` days: a value that is no day is ignored, a reversed range dropped, each said through `say`. */
export function readDayRange(
  input: SearchParamsInput,
  isDay: (value: string) => boolean,
  say: (problem: DayRangeProblem, value: string) => string,
): { from?: string; to?: string; problems: string[] } {
  const range: { from?: string; to?: string } = {};
  const problems: string[] = [];
  for (const [key, problem] of [
    ["from", "badFrom"],
    ["to", "badTo"],
  ] as const) {
    const value = readSearchParam(input, key);
    if (value === undefined) continue;
    if (isDay(value)) range[key] = value;
    else problems.push(say(problem, quotedValue(value)));
  }
  if (range.from && range.to && range.from > range.to) return { problems: [...problems, say("rangeReversed", "")] };
  return { ...range, problems };
}

/** `?name=value&…` of the values set, in order, or "" when none is: filter URLs leave their defaults out. */
export function queryOf(entries: ReadonlyArray<readonly [string, string | number | false | null | undefined]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries)
    if (value !== undefined && value !== null && value !== false && value !== "") params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
