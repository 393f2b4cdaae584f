/**
 * Open Charge Map's status types as codes the page words in its own language (issue 36). Pure and browser-safe:
 * the server sets a point's code, the page looks up its words (`map.statuses.<code>`).
 */

export const POINT_STATUS_CODES = [
  "available",
  "inUse",
  "operational",
  "partlyOperational",
  "temporarilyUnavailable",
  "notOperational",
  "planned",
  "removed",
  "unknown",
] as const;
export type PointStatusCode = (typeof POINT_STATUS_CODES)[number];

/** The ten status types of the reference data (identical in 2021 and 2023): map-data-api-facts.md §3. */
const CODE_BY_ID: Readonly<Record<number, PointStatusCode>> = {
  0: "unknown",
  10: "available",
  20: "inUse",
  30: "temporarilyUnavailable",
  50: "operational",
  75: "partlyOperational",
  100: "notOperational",
  150: "planned",
  200: "removed",
  210: "removed",
};

/** The same types by their English titles, for an embedded StatusType that carries a title and no known id. */
const CODE_BY_TITLE: ReadonlyMap<string, PointStatusCode> = new Map([
  ["unknown", "unknown"],
  ["currently available (automated status)", "available"],
  ["currently in use (automated status)", "inUse"],
  ["temporarily unavailable", "temporarilyUnavailable"],
  ["operational", "operational"],
  ["partly operational (mixed)", "partlyOperational"],
  ["not operational", "notOperational"],
  ["planned for future date", "planned"],
  ["removed (decommissioned)", "removed"],
  ["removed (duplicate listing)", "removed"],
]);

function titleKey(title: string): string {
  return title.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * A status's code: by its id, else by its title; a status the table does not know (a type added upstream later)
 * falls back on what it says of the point: working, not working, or unknown.
 */
export function statusCodeFor(
  id: number | null | undefined,
  title: string | null | undefined,
  isOperational: boolean | null | undefined,
): PointStatusCode {
  const byId = id === null || id === undefined ? undefined : CODE_BY_ID[id];
  if (byId) return byId;
  const byTitle = title ? CODE_BY_TITLE.get(titleKey(title)) : undefined;
  if (byTitle) return byTitle;
  if (isOperational === true) return "operational";
  if (isOperational === false) return "notOperational";
  return "unknown";
}

export function isPointStatusCode(value: unknown): value is PointStatusCode {
  return typeof value === "string" && (POINT_STATUS_CODES as readonly string[]).includes(value);
}
