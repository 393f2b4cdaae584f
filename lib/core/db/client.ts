import "server-only";
import { getConfig } from "@/lib/core/config";
import { openDatabase, type Database, type OpenedDatabase } from "./connect";
import { seedDemoStaff } from "./demo-seed";
import { logger } from "@/lib/core/log";
import { onShutdown } from "@/lib/core/shutdown";

const log = logger("db");

export type { Database, Transaction } from "./connect";

// Cached on globalThis: opened lazily on first use (never at import or build time) and shared by
// every route in this process, including across dev-server module reloads.
const holder = globalThis as unknown as { __driverPortalDb?: Promise<OpenedDatabase> };

async function openAppDatabase(): Promise<OpenedDatabase> {
  const config = getConfig();
  const opened = await openDatabase(config.db);
  if (config.platform.embedded) await seedDemoStaff(opened.db);
  log.info(`${opened.driver} ready${opened.driver === "pglite" ? ` in ${config.db.pgliteDir}` : ""}`);
  // On SIGTERM, after the last request: the pool's connections end cleanly, PGlite writes its files.
  onShutdown(async () => {
    await opened.close();
    log.info(`${opened.driver} closed`);
  });
  return opened;
}

export function getDb(): Promise<Database> {
  holder.__driverPortalDb ??= openAppDatabase().catch((error: unknown) => {
    holder.__driverPortalDb = undefined;
    throw error;
  });
  return holder.__driverPortalDb.then((opened) => opened.db);
}
