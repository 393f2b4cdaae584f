import { z } from "zod";
import { INITIAL_RADIUS_KM, MAX_DISTANCE_KM, MAX_RESULTS_CAP } from "./tiles";

/**
 * Query of `GET /api/map/points?lat=&lng=&radiusKm=&limit=`. Out-of-range coordinates and
 * non-numbers are errors (400 with a message); a radius or limit above the caps is not an error,
 * it is capped (spec §8: "whatever the caller asks").
 */

export const DEFAULT_POINTS_LIMIT = 100;

function numeric(name: string, options: { min: number; max?: number; minInclusive?: boolean; integer?: boolean }) {
  const range =
    options.max !== undefined
      ? `between ${options.min} and ${options.max}`
      : options.minInclusive === false
        ? `greater than ${options.min}`
        : `at least ${options.min}`;
  const expectation = `${name} must be ${options.integer ? "a whole number" : "a number"} ${range}`;
  return z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .transform((value, ctx) => {
      const n = Number(value);
      const belowMin = options.minInclusive === false ? n <= options.min : n < options.min;
      if (
        !Number.isFinite(n) ||
        belowMin ||
        (options.max !== undefined && n > options.max) ||
        (options.integer && !Number.isInteger(n))
      ) {
        ctx.addIssue({ code: "custom", message: expectation });
        return z.NEVER;
      }
      return n;
    });
}

const PointsQuerySchema = z.object({
  lat: numeric("lat", { min: -90, max: 90 }),
  lng: numeric("lng", { min: -180, max: 180 }),
  radiusKm: numeric("radiusKm", { min: 0, minInclusive: false })
    .optional()
    .transform((v) => Math.min(v ?? INITIAL_RADIUS_KM, MAX_DISTANCE_KM)),
  limit: numeric("limit", { min: 1, integer: true })
    .optional()
    .transform((v) => Math.min(v ?? DEFAULT_POINTS_LIMIT, MAX_RESULTS_CAP)),
});
export type ParsedPointsQuery = z.output<typeof PointsQuerySchema>;

export function parsePointsQuery(
  params: URLSearchParams,
): { ok: true; query: ParsedPointsQuery } | { ok: false; error: string } {
  const raw: Record<string, string> = {};
  for (const name of ["lat", "lng", "radiusKm", "limit"]) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  const parsed = PointsQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const messages = parsed.error.issues.map((issue) =>
    issue.code === "invalid_type" ? `${String(issue.path[0])} is required` : issue.message,
  );
  return { ok: false, error: [...new Set(messages)].join("; ") };
}
