/** How support staff look a driver up: the three keys the platform can search on. Pure, for forms too. */
export const SEARCH_KINDS = [
  { value: "email", label: "E-mail address" },
  { value: "id", label: "Platform user id" },
  { value: "card", label: "Card code (UID)" },
] as const;
export type DriverSearchKind = (typeof SEARCH_KINDS)[number]["value"];
