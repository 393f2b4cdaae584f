import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dumpMigratedPglite, openDatabase, type OpenedDatabase } from "@/lib/core/db/connect";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the Postgres server named by DATABASE_URL (CI sets it when one is reachable),
 * so the same integration tests run on both drivers.
 */
export const testDriver = process.env.DATABASE_URL ? "postgres" : "pglite";

/**
 * `fromScratch`: PGlite's initdb and every migration, as the portal's own first start does. Without
 * it a PGlite test database is a copy of one migrated template (see pgliteTemplate below).
 */
/** A new empty database on the Postgres server at `serverUrl`: its name and its URL. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = "dp_test",
): Promise<{ name: string; url: URL }> {
  const { Client } = await import("pg");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url };
}

export async function openTestDatabase({ fromScratch = false } = {}): Promise<OpenedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    return openDatabase({ pgliteDir: "memory://", pgliteDump: fromScratch ? undefined : await pgliteTemplate() });

  const { Client } = await import("pg");
  const { name, url } = await createScratchDatabase(serverUrl);
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

const MIGRATIONS = path.join(process.cwd(), "lib", "core", "db", "migrations");
const PGLITE_PACKAGE = path.join(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json");

/** What makes a template: PGlite's version and every migration file (name and content). */
function templateKey(): string {
  const hash = createHash("sha256").update(readFileSync(PGLITE_PACKAGE));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  for (const file of files(MIGRATIONS).sort()) hash.update(path.relative(MIGRATIONS, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * One migrated PGlite data directory per set of migrations, kept in the temp directory and shared by
 * every test file and run: each file loads it instead of paying initdb and the migrations again.
 * Written under a unique name and renamed into place, so two workers making it at once do no harm.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const dir = path.join(tmpdir(), "driver-portal-test-pglite");
    const file = path.join(dir, `${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const dump = await dumpMigratedPglite();
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    }
  })();
  return template;
}
