import "server-only";
import type { EventEmitter } from "node:events";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { logger } from "@/lib/core/log";
import { observeDbPool } from "@/lib/core/observability/metrics";
import { traceQueries } from "@/lib/core/observability/tracing";

const log = logger("db");

/**
 * One Postgres dialect, two drivers: embedded PGlite (one process per data directory: it has no
 * cross-process lock) or a real server through `pg`. Both run the same migrations at open.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction(...)` callback gets. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface OpenedDatabase {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib", "core", "db", "migrations");
// Arbitrary constant: serialises migrations when several instances start against one server.
const MIGRATION_LOCK_ID = 7_113_116;

export async function openDatabase(target: {
  url?: string;
  pgliteDir: string;
  /** A data directory dumped by `dumpMigratedPglite` to start from (tests), instead of PGlite's initdb. */
  pgliteDump?: Blob;
}): Promise<OpenedDatabase> {
  if (target.url) return openPostgres(target.url);
  return openPglite(target.pgliteDir, target.pgliteDump);
}

async function openPostgres(url: string): Promise<OpenedDatabase> {
  const { Client, Pool } = await import("pg");
  // Every query gets its span in a traced request: the pool's own (it calls its client with a callback, which passes
  // untraced) and a transaction's client's.
  for (const prototype of [Pool.prototype, Client.prototype])
    traceQueries(prototype as unknown as Parameters<typeof traceQueries>[0], "postgresql");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: 10 });
  logIdleConnectionErrors(pool);
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  observeDbPool(() => ({
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return { db, driver: "postgres", close: () => pool.end() };
}

/**
 * An idle connection the server ends is replaced on next use. Its 'error' event must have a listener, or it would take
 * the process down.
 */
export function logIdleConnectionErrors(pool: Pick<EventEmitter, "on">): void {
  pool.on("error", (error: Error & { code?: string }) => {
    log.error(`the Postgres server closed an idle connection (${error.code ?? error.message}); the pool replaces it`);
  });
}

async function openPglite(dir: string, dump?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dir.startsWith("memory://")) {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, dump ? { loadDataDir: dump } : {});
  traceQueries(client as unknown as Parameters<typeof traceQueries>[0], "pglite");
  const db = drizzle({ client, schema });
  // On a dump of migrated data this only reads the journal: nothing is applied twice.
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, driver: "pglite" as const, close: () => client.close(), client };
}

/**
 * A new in-memory PGlite with every migration applied, dumped: tests load it per file (about 1.5 s of
 * CPU) instead of running PGlite's initdb and the migrations again (about 5 s).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const { client } = await openPglite("memory://");
  try {
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
