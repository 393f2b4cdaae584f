import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { openDatabase, type OpenedDatabase } from "@/lib/core/db/connect";
import { countAttempt, RATE_LIMITS, type RateLimitRule } from "@/lib/core/rate-limit";
import { openTestDatabase, testDriver } from "../../support/test-db";

/**
 * Issue 22, N2: limits per bucket, atomic, across instances. Each run is a random interleaving of
 * requests on every bucket the portal counts, from several client addresses and accounts, sent
 * through two instances at once: on Postgres two separate connection pools on one database (what
 * two portal processes share is only the database; each pool has its own connections, so the
 * server interleaves their statements as it would two processes'). PGlite has no cross-process
 * access, so there both instances share the one in-process database. The clock moves forward from
 * step to step; within a step the instances' clocks differ by up to two seconds, as real clocks do.
 * Checked: in every window, each bucket and subject admitted exactly min(requests, limit).
 * 1,000 runs on Postgres (CI); 200 on PGlite, where the two instances are one database anyway.
 */
const globals = globalThis as { __driverPortalConfig?: unknown };
// Small configured limits, so that runs reach them; the windows are the shipped ones.
globals.__driverPortalConfig = loadConfig({
  NODE_ENV: "test",
  LIMIT_SIGNIN_PER_EMAIL: "3",
  LIMIT_SIGNIN_PER_CLIENT: "4",
  LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: "3",
  LIMIT_VOUCHER_PER_DRIVER: "4",
  LIMIT_PASSWORD_RESET_PER_DRIVER: "2",
  LIMIT_PASSWORD_RESET_BY_STAFF_PER_DRIVER: "2",
  LIMIT_EMAIL_CHANGE_PER_ACCOUNT: "2",
  LIMIT_MAP_PER_CLIENT_PER_MINUTE: "4",
});

const CLIENTS = ["203.0.113.7", "198.51.100.23", "2001:db8::1"];
const ACCOUNTS = ["Driver.One@example.com", "driver.two@example.com"];

/** Every bucket the portal counts, its rule, and whom it counts (a client address or an account). */
const BUCKETS: { bucket: string; rule: RateLimitRule; per: "client" | "account" }[] = [
  { bucket: "signin-mail:email", rule: RATE_LIMITS.signInMailPerEmail, per: "account" },
  { bucket: "signin-mail:client", rule: RATE_LIMITS.signInMailPerClient, per: "client" },
  { bucket: "signin-mail:email-known-browser", rule: RATE_LIMITS.signInMailPerEmail, per: "account" },
  { bucket: "passkey-sign-in", rule: RATE_LIMITS.passkeySignInPerClient, per: "client" },
  { bucket: "signup:client", rule: RATE_LIMITS.signUpPerClient, per: "client" },
  { bucket: "voucher", rule: RATE_LIMITS.voucherPerDriver, per: "account" },
  { bucket: "password-reset", rule: RATE_LIMITS.passwordResetPerDriver, per: "account" },
  { bucket: "app-password", rule: RATE_LIMITS.passwordResetPerDriver, per: "account" },
  { bucket: "password-reset:staff", rule: RATE_LIMITS.passwordResetByStaffPerDriver, per: "account" },
  { bucket: "email-change:account", rule: RATE_LIMITS.emailChangePerAccount, per: "account" },
  { bucket: "platform-export", rule: RATE_LIMITS.platformExportPerDriver, per: "account" },
  { bucket: "map:client", rule: RATE_LIMITS.mapPerClient, per: "client" },
];

const request = fc.record({
  bucket: fc.integer({ min: 0, max: BUCKETS.length - 1 }),
  client: fc.integer({ min: 0, max: CLIENTS.length - 1 }),
  account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
  instance: fc.integer({ min: 0, max: 1 }),
  skewMs: fc.integer({ min: -2000, max: 2000 }),
  /** A burst: the same request sent this many times at once. */
  times: fc.integer({ min: 1, max: 4 }),
});
const step = fc.record({
  advanceMs: fc.integer({ min: 0, max: 10 * 60_000 }),
  batch: fc.array(request, { minLength: 1, maxLength: 5 }),
});
const run = fc.record({
  startMs: fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") }),
  steps: fc.array(step, { minLength: 1, maxLength: 5 }),
});

const RUNS = testDriver === "postgres" ? 1000 : 200;

let first: OpenedDatabase;
let second: OpenedDatabase;
beforeAll(async () => {
  first = await openTestDatabase();
  if (first.driver === "postgres") {
    const { rows } = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${rows[0]!.name}`;
    second = await openDatabase({ url: url.toString(), pgliteDir: "unused" });
  } else second = first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  globals.__driverPortalConfig = undefined;
});

describe(`limits per bucket, over two instances on one database (${testDriver})`, () => {
  it(`${RUNS} random interleavings on every bucket: no bucket admits more than its limit in its window, nor fewer`, async () => {
    const instances = [first.db, second.db];
    let runNo = 0;
    let runsWithRefusals = 0;
    await fc.assert(
      fc.asyncProperty(run, async ({ startMs, steps }) => {
        // Subjects of their own per run: no run counts into another's rows, and no clean-up between runs.
        const prefix = `run-${++runNo}:`;
        const outcomes = new Map<string, { requests: number; admitted: number; limit: number }>();
        let clock = startMs;
        for (const { advanceMs, batch } of steps) {
          clock += advanceMs;
          const sent = batch.flatMap((r) => Array.from({ length: r.times }, () => r));
          const answers = await Promise.all(
            sent.map(async (r) => {
              const { bucket, rule, per } = BUCKETS[r.bucket]!;
              const subject = prefix + (per === "client" ? CLIENTS[r.client]! : ACCOUNTS[r.account]!);
              const now = new Date(clock + r.skewMs);
              const result = await countAttempt(instances[r.instance]!, bucket, subject, rule, now);
              const windowMs = rule.windowSeconds * 1000;
              const key = `${bucket} ${subject.toLowerCase()} ${Math.floor(now.getTime() / windowMs)}`;
              return { key, limit: rule.limit, allowed: result.allowed };
            }),
          );
          for (const { key, limit, allowed } of answers) {
            const seen = outcomes.get(key) ?? { requests: 0, admitted: 0, limit };
            seen.requests += 1;
            if (allowed) seen.admitted += 1;
            outcomes.set(key, seen);
          }
        }
        for (const [key, { requests, admitted, limit }] of outcomes)
          expect(admitted, `${key}: ${requests} requests`).toBe(Math.min(requests, limit));
        if ([...outcomes.values()].some((o) => o.admitted < o.requests)) runsWithRefusals += 1;
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: many runs reached a limit.
    expect(runsWithRefusals).toBeGreaterThan(RUNS / 10);
  }, 600_000);
});
