import type { OpenedDatabase } from "@/lib/core/db/connect";
import { openTestDatabase } from "./test-db";

/**
 * Makes `getDb()` (lib/core/db/client.ts) answer with a fresh test database, so integration tests run the
 * app's own server modules against PGlite, or against Postgres when DATABASE_URL is set.
 */
const holder = globalThis as unknown as { __driverPortalDb?: Promise<OpenedDatabase> };

export async function installTestDatabase(): Promise<OpenedDatabase> {
  const opened = await openTestDatabase();
  holder.__driverPortalDb = Promise.resolve(opened);
  return opened;
}

export async function removeTestDatabase(opened: OpenedDatabase | undefined): Promise<void> {
  holder.__driverPortalDb = undefined;
  await opened?.close();
}
