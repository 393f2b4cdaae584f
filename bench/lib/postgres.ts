import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";

/**
 * A Postgres database of its own for a bench phase: several portal instances need one shared
 * database (PGlite serves one process), and a fresh one keeps the figures free of earlier data.
 */

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Why the server named by `serverUrl` cannot be used, in words; null when it answers. */
export async function postgresProblem(serverUrl: string): Promise<string | null> {
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return `no Postgres answers at ${new URL(serverUrl).host} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onServer<T>(serverUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  url: string;
  /** Drops the database, ending whatever connection is still open to it. */
  drop(): Promise<void>;
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `dp_bench_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Called once the instances have stopped; "with (force)" covers a connection the server has not yet seen close.
    drop: () =>
      onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/**
 * The pid of the server's postmaster when it runs on this machine and says where its data directory
 * is (a superuser may read that setting); null otherwise. Its backends are its children.
 */
export async function postgresServerPid(serverUrl: string): Promise<number | null> {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(serverUrl).hostname)) return null;
  try {
    const dataDir = await onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ setting: string }>(
        "select setting from pg_settings where name = 'data_directory'",
      );
      return rows[0]?.setting ?? null;
    });
    if (!dataDir) return null;
    const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  }
}
