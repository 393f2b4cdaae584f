import { parsePlatformId, PlatformIdSchema, PlatformUserIdSchema } from "@/lib/platform/platform-id";

/**
 * A platform user id that reached a server action (bound argument or form field). It comes from
 * the browser, so it is checked like any other input; staff may act on any driver.
 */
export const DriverIdArg = PlatformUserIdSchema;
export const CardIdArg = PlatformIdSchema;

export function readDriverId(value: unknown): number | null {
  return parsePlatformId(value, PlatformUserIdSchema);
}
