import type { Wording } from "@/lib/core/i18n/wording";

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
  say: (problem: DayRangeProblem, value: string) => Wording,
): Wording[] {
  const problems: Wording[] = [];
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

/** How one filter value is read: `accept` gives the value or undefined for one it ignores, `problem` says so. */
export type ParamRule<V> = readonly [accept: (value: string) => V | undefined, problem: (quoted: string) => Wording];

/** Reads each named value into `into` by its rule, in order; returns a problem for each value it ignored. */
export function readParams<F extends object>(
  input: SearchParamsInput,
  into: F,
  rules: { [K in keyof F]?: ParamRule<F[K]> },
): Wording[] {
  const problems: Wording[] = [];
  for (const name of Object.keys(rules) as (keyof F & string)[]) {
    const [accept, problem] = rules[name] as ParamRule<F[typeof name]>;
    const raw = readSearchParam(input, name);
    if (raw === undefined) continue;
    const value = accept(raw);
    if (value === undefined) problems.push(problem(quotedValue(raw)));
    else into[name] = value;
  }
  return problems;
}

/** A list's filter read from the URL: each rule's value over `defaults`, then the day range; a problem per ignored value. */
export function parseFilter<F extends { from?: string; to?: string }>(
  input: SearchParamsInput,
  defaults: F,
  rules: { [K in keyof F]?: ParamRule<F[K]> },
  isDay: (value: string) => boolean,
  sayDays: (problem: DayRangeProblem, value: string) => Wording,
): { filter: F; problems: Wording[] } {
  const filter = { ...defaults };
  const problems = readParams(input, filter, rules);
  problems.push(...readDayRange(input, isDay, filter, sayDays));
  return { filter, problems };
}

/** One of `choices`, read case-insensitively. */
export const oneOf =
  <C extends string>(choices: readonly C[]) =>
  (value: string): C | undefined =>
    choices.find((choice) => choice === value.toLowerCase());

/** A page number from 1 to `max`. */
export const pageUpTo =
  (max: number) =>
  (value: string): number | undefined => {
    const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    return n >= 1 && n <= max ? n : undefined;
  };

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
