import "server-only";

/** The UID as the charge point reads it: uppercase, no spaces. Both dialects send and filter it so. */
export function normaliseCardCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}
