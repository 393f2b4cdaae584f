import { pgliteTemplate } from "./test-db";

/**
 * vitest's global setup (vitest.config.mts): the migrated PGlite template is made here, once, before
 * the workers start, instead of by the first test files of both workers at once.
 */
export default async function makePgliteTemplate(): Promise<void> {
  await pgliteTemplate();
}
