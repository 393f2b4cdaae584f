/**
 * How support staff look a driver up: the three keys the platform can search on. Pure, for forms
 * too; their words are `driverSearch.kinds.<kind>`.
 */
export const SEARCH_KINDS = ["email", "id", "card"] as const;
export type DriverSearchKind = (typeof SEARCH_KINDS)[number];

export function isSearchKind(value: unknown): value is DriverSearchKind {
  return typeof value === "string" && (SEARCH_KINDS as readonly string[]).includes(value);
}
