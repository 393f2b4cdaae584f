import { randomBytes } from "node:crypto";
import { openDatabase, type OpenedDatabase } from "@/lib/db/connect";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the Postgres server named by DATABASE_URL (CI sets it when one is reachable),
 * so the same integration tests run on both drivers.
 */
export const testDriver = process.env.DATABASE_URL ? "postgres" : "pglite";

export async function openTestDatabase(): Promise<OpenedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: "memory://" });

  const { Client } = await import("pg");
  const name = `dp_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString(), pgliteDir: "unused" });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its connections have closed; dropping "with (force)" at once
      // terminates them mid-close. Give them up to 2 s to go, then force whatever is left.
      for (let i = 0; i < 100; i++) {
        const { rows } = await cleanup.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
