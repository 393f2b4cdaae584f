import { z } from "zod";

/**
 * A platform user id that reached a server action (bound argument or form field). It comes from
 * the browser, so it is checked like any other input; staff may act on any driver.
 */
export const DriverIdArg = z.coerce.number().int().positive().max(2_147_483_647);
export const CardIdArg = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export function readDriverId(value: unknown): number | null {
  const parsed = DriverIdArg.safeParse(value);
  return parsed.success ? parsed.data : null;
}
