import "server-only";

/** The UID as the charge point reads it: uppercase, no spaces. Both dialects send and filter it so. */
export function normaliseCardCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/** Whether two UIDs name the same card: case and spaces aside (a tenant may keep UIDs in lower case). */
export function sameCardCode(a: string, b: string): boolean {
  return normaliseCardCode(a) === normaliseCardCode(b);
}
