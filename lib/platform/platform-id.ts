import { z } from "zod";

/**
 * A platform id (user, card, session, location) that arrived from the browser (a bound argument, a
 * form field, a path segment): a positive whole number, checked like any other input.
 */
export const PlatformIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Platform user ids are 32-bit on the platform. */
export const PlatformUserIdSchema = PlatformIdSchema.max(2_147_483_647);

export function parsePlatformId(value: unknown, schema: z.ZodType<number> = PlatformIdSchema): number | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A platform id as a URL path segment: digits only (no sign, space, exponent or hex that a number
 * coercion would accept), then the range of `schema`. For `routeHandler({params})`.
 */
export function platformIdPathParam(schema: z.ZodType<number> = PlatformIdSchema) {
  return z
    .string()
    .regex(/^\d{1,16}$/)
    .transform((value, context) => {
      const id = parsePlatformId(value, schema);
      // A catalogue key, as every schema message is (toFieldErrors puts it into words).
      if (id === null) context.addIssue({ code: "custom", message: "validation.platformId" });
      return id ?? z.NEVER;
    });
}

/**
 * A session id: a string (AMPECO; digits on most tenants, not all), 1–128 URL-safe characters, not dots alone.
 * docs/design-notes.md#libplatformplatform-idts */
export const SESSION_ID_PATTERN = /^(?!\.+$)[A-Za-z0-9._~-]{1,128}$/;

export const SessionIdSchema = z.string().regex(SESSION_ID_PATTERN);

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}

/** A session id as a URL path segment, for `routeHandler({params})`: the same rule, a catalogue key when it fails. */
export function sessionIdPathParam() {
  return z.string().regex(SESSION_ID_PATTERN, { message: "validation.platformId" });
}
