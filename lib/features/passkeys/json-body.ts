import "server-only";
import type { ZodType } from "zod";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { RouteError } from "@/lib/core/route-handlers/route-error";

/** Larger than any body a page of the portal posts to a route handler (a WebAuthn answer is ~2 KB). */
const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * A route handler's JSON body, checked by `schema`: anything else (not JSON, too large, the wrong
 * shape) is a 400 with `invalid`'s words (a catalogue key), never a 500.
 */
export async function readJsonBody<T>(request: Request, schema: ZodType<T>, invalid: MessageKey): Promise<T> {
  const text = await request.text().catch(() => null);
  if (text === null || text.length > MAX_JSON_BODY_BYTES) throw new RouteError(400, invalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RouteError(400, invalid);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new RouteError(400, invalid);
  return result.data;
}
