import "server-only";
import { AMPECO_FIELD_NAMES, createAmpecoDialect } from "./ampeco";
import { createSpecDialect, SPEC_FIELD_NAMES } from "./spec";
import type { DialectFactory } from "./types";

/** The registry of dialects: a new dialect is a new folder plus one line here and in config. */
export const DIALECTS = { spec: createSpecDialect, ampeco: createAmpecoDialect } as const satisfies Record<
  string,
  DialectFactory
>;
export type DialectName = keyof typeof DIALECTS;

/**
 * Platform field names in 422 errors → the portal's form field names, over all dialects (their
 * names do not collide, and an error does not say which dialect raised it).
 */
export const PLATFORM_FIELD_NAMES: Readonly<Record<string, string>> = { ...SPEC_FIELD_NAMES, ...AMPECO_FIELD_NAMES };

export type { DialectApis, DialectFactory, DialectSettings } from "./types";
