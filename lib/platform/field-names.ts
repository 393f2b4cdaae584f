import "server-only";
import { AMPECO_FIELD_NAMES } from "./dialects/ampeco/field-names";
import { SPEC_FIELD_NAMES } from "./dialects/spec/field-names";

/**
 * Platform field names in 422 errors → the portal's form field names, over all dialects (their
 * names do not collide, and an error does not say which dialect raised it).
 */
export const PLATFORM_FIELD_NAMES: Readonly<Record<string, string>> = { ...SPEC_FIELD_NAMES, ...AMPECO_FIELD_NAMES };
