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

/** Reads a filter's `from`/`to` days into `into`: a value that is no day is ignored, a reversed range dropped; returns what `say`s so. */
export function readDayRange(
  input: SearchParamsInput,
  isDay: (value: string) => boolean,
  into: { from?: string; to?: string },
  say: (problem: DayRangeProblem, value: string) => string,
): string[] {
  const problems: string[] = [];
  for (const [key, problem] of [
    ["from", "badFrom"],
    ["to", "badTo"],
  ] as const) {
    const value = readSearchParam(input, key);
    if (value === undefined) continue;
    if (isDay(value)) into[key] = value;
    else problems.push(say(problem, quotedValue(value)));
  }
  if (into.from && into.to && into.from > into.to) {
    delete into.from;
    delete into.to;
    problems.push(say("rangeReversed", ""));
  }
  return problems;
}

/** `?name=value&…` of the named values, in order, or "" when none is set: a value at its default is left out. */
export function queryOf<F extends object>(
  filter: Partial<F>,
  names: readonly (keyof F & string)[],
  defaults: Partial<Record<keyof F, string | number>> = {},
): string {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = filter[name];
    if (value === undefined || value === null || value === "" || value === defaults[name]) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
