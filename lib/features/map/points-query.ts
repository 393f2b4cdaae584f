import { z } from "zod";
import type { Wording } from "@/lib/core/i18n/wording";
import { INITIAL_RADIUS_KM, MAX_DISTANCE_KM, MAX_RESULTS_CAP } from "./tiles";

/** Query of `GET /api/map/points`: bad coordinates are a 400; a radius or limit above the caps is capped (spec §8). */

export const DEFAULT_POINTS_LIMIT = 100;

interface NumericRule {
  min: number;
  max?: number;
  minInclusive?: boolean;
  integer?: boolean;
}

const RULES = {
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
  radiusKm: { min: 0, minInclusive: false },
  limit: { min: 1, integer: true },
} satisfies Record<string, NumericRule>;
type ParamName = keyof typeof RULES;

// Issues carry no words: parsePointsQuery names each one's catalogue key from the parameter's rule.
function numeric(rule: NumericRule) {
  return z
    .string()
    .trim()
    .min(1)
    .transform((value, ctx) => {
      const n = Number(value);
      const belowMin = rule.minInclusive === false ? n <= rule.min : n < rule.min;
      if (
        !Number.isFinite(n) ||
        belowMin ||
        (rule.max !== undefined && n > rule.max) ||
        (rule.integer && !Number.isInteger(n))
      ) {
        ctx.addIssue({ code: "custom", message: "out of range" });
        return z.NEVER;
      }
      return n;
    });
}

const PointsQuerySchema = z.object({
  lat: numeric(RULES.lat),
  lng: numeric(RULES.lng),
  radiusKm: numeric(RULES.radiusKm)
    .optional()
    .transform((v) => Math.min(v ?? INITIAL_RADIUS_KM, MAX_DISTANCE_KM)),
  limit: numeric(RULES.limit)
    .optional()
    .transform((v) => Math.min(v ?? DEFAULT_POINTS_LIMIT, MAX_RESULTS_CAP)),
});
export type ParsedPointsQuery = z.output<typeof PointsQuerySchema>;

/** "lat must be a number between -90 and 90", "limit must be a whole number at least 1", as a key and its values. */
function expectation(name: ParamName): Wording {
  const rule: NumericRule = RULES[name];
  const kind = rule.integer ? "integer" : "number";
  if (rule.max !== undefined)
    return { key: "mapErrors.query.between", values: { name, kind, min: rule.min, max: rule.max } };
  if (rule.minInclusive === false) return { key: "mapErrors.query.greaterThan", values: { name, kind, min: rule.min } };
  return { key: "mapErrors.query.atLeast", values: { name, kind, min: rule.min } };
}

/** The query, or every problem with it, one `Wording` a parameter, for the route handler to word. */
export function parsePointsQuery(
  params: URLSearchParams,
): { ok: true; query: ParsedPointsQuery } | { ok: false; problems: Wording[] } {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(RULES)) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  const parsed = PointsQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const problems = parsed.error.issues.map((issue): Wording => {
    const name = String(issue.path[0]) as ParamName;
    // A missing or empty value is "required"; a value that is not a number in range gets the rule.
    return issue.code === "custom" ? expectation(name) : { key: "mapErrors.query.required", values: { name } };
  });
  return { ok: false, problems };
}
