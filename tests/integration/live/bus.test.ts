import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "@/lib/core/db/connect";
import type { DriverEvent } from "@/lib/features/live/shared";
import { sql } from "drizzle-orm";
import { onSessionsEnded, SESSIONS_ENDED_CHANNEL } from "@/lib/core/auth/sessions-ended";
import { createLiveBus, type LiveBus, type LiveMessage } from "@/lib/features/live/bus";
import { createScratchDatabase, openTestDatabase, testDriver } from "@/tests/support/test-db";

/**
 * Issue 27: the live bus. On Postgres (DATABASE_URL) two instances share one database and an event
 * published by one reaches the tabs on the other (LISTEN/NOTIFY); on PGlite (one process) it reaches
 * every listener in the process. Either way only the driver it is for hears it.
 */
const event = (balance: number): DriverEvent => ({
  type: "balance",
  balance,
  currency: "EUR",
  updatedAt: "2026-03-14T10:00:00Z",
});

let instances: OpenedDatabase[] = [];
let publisher: LiveBus;
let listener: LiveBus;
let dropDatabase = async () => {};
/** On Postgres: runs SQL as a separate client (pg_stat_activity, pg_terminate_backend); null on PGlite. */
let adminQuery: (<T>(sql: string, values?: unknown[]) => Promise<T[]>) | null = null;
let databaseName = "";

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (testDriver === "postgres" && serverUrl) {
    const { Client } = await import("pg");
    const { name, url } = await createScratchDatabase(serverUrl, "dp_live");
    instances = [
      await openDatabase({ url: url.href, pgliteDir: "unused" }),
      await openDatabase({ url: url.href, pgliteDir: "unused" }),
    ];
    publisher = createLiveBus(async () => instances[0]!.db, url.href);
    listener = createLiveBus(async () => instances[1]!.db, url.href);
    databaseName = name;
    adminQuery = async <T>(sql: string, values: unknown[] = []) => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as T[];
      } finally {
        await client.end();
      }
    };
    dropDatabase = async () => {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    instances = [await openTestDatabase()];
    publisher = createLiveBus(async () => instances[0]!.db, undefined);
    listener = publisher;
  }
});
afterAll(async () => {
  for (const opened of instances) await opened.close();
  await dropDatabase();
});

describe(`the live bus (${testDriver})`, () => {
  it("delivers an event published on one instance to the driver's listeners on the other, and to nobody else", async () => {
    const mine: LiveMessage[] = [];
    const theirs: LiveMessage[] = [];
    const stopMine = await listener.subscribe(1001, (m) => mine.push(m));
    const stopTheirs = await listener.subscribe(1002, (m) => theirs.push(m));
    const sent = await publisher.publish(1001, event(5));
    await expect.poll(() => mine.map((m) => m.id), { timeout: 5_000 }).toEqual([sent.id]);
    expect(mine[0]!.event).toEqual(event(5));
    expect(theirs).toEqual([]);
    stopMine();
    await publisher.publish(1001, event(6));
    const later = await publisher.publish(1002, event(7));
    await expect.poll(() => theirs.map((m) => m.id), { timeout: 5_000 }).toEqual([later.id]);
    expect(mine).toHaveLength(1);
    stopTheirs();
    expect((await listener.missed(1001, sent.id)).map((m) => m.event)).toEqual([event(6)]);
  });

  it("deletes events kept over an hour when one is published, at most once a minute", async () => {
    const bus = createLiveBus(async () => instances[0]!.db, undefined);
    const now = Date.now();
    const hours = (n: number) => new Date(now - n * 3_600_000);
    const old = await bus.publish(1005, event(20), hours(2));
    const recent = await bus.publish(1005, event(21), new Date(now));
    expect((await bus.missed(1005, 0)).map((m) => m.id)).toEqual([recent.id]);
    expect(old.id).toBeLessThan(recent.id);
    // Within the minute nothing is deleted again, even a row already past the hour.
    const stale = await bus.publish(1005, event(22), hours(2));
    const next = await bus.publish(1005, event(23), new Date(now + 30_000));
    expect((await bus.missed(1005, 0)).map((m) => m.id)).toEqual([recent.id, stale.id, next.id]);
  });

  it.skipIf(testDriver !== "postgres")(
    "issue 33, R4-7: hears another instance's sign-out (NOTIFY sessions_ended), for its streams to check at once",
    async () => {
      const heard: string[] = [];
      const stopListening = onSessionsEnded((userId) => heard.push(userId));
      const stop = await listener.subscribe(1004, () => undefined);
      // Sent by the other instance's connection only: nothing in this process announces it by a call.
      await instances[0]!.db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${"u-elsewhere"})`);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["u-elsewhere"]);
      stop();
      stopListening();
    },
  );

  it.skipIf(testDriver !== "postgres")(
    "keeps delivering after its LISTEN connection is dropped, what was published meanwhile too",
    async () => {
      const query = adminQuery!;
      // The listening backends of this test's database only: other databases on the server are left alone.
      const listening = async () =>
        (
          await query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = $1 and query like 'LISTEN%' and state = 'idle'",
            [databaseName],
          )
        ).map((row) => row.pid);
      const heard: LiveMessage[] = [];
      const stop = await listener.subscribe(1003, (m) => heard.push(m));
      const first = await publisher.publish(1003, event(8));
      await expect.poll(() => heard.map((m) => m.id), { timeout: 5_000 }).toEqual([first.id]);
      const [dropped] = await listening();
      expect(dropped).toBeDefined();

      await query("select pg_terminate_backend($1)", [dropped]);
      // Published while this instance has no LISTEN connection: no announcement reaches it.
      const meanwhile = await publisher.publish(1003, event(10));
      const relistened = async () => {
        const pids = await listening();
        return pids.length === 1 && pids[0] !== dropped;
      };
      await expect
        .poll(relistened, { timeout: 10_000, message: "the bus listens again on a new connection" })
        .toBe(true);
      const second = await publisher.publish(1003, event(9));
      await expect.poll(() => heard.map((m) => m.id), { timeout: 5_000 }).toEqual([first.id, meanwhile.id, second.id]);
      stop();
    },
  );
});
