import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { consumeRateLimit } from "@/lib/core/rate-limit";
import { installTestDatabase, removeTestDatabase } from "../../support/app-db";
import { testDriver } from "../../support/test-db";

describe(`database-backed rate limits (${testDriver})`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await installTestDatabase();
  });
  afterAll(async () => {
    await removeTestDatabase(opened);
  });

  const rule = { limit: 3, windowSeconds: 60 };
  const t0 = new Date("2026-11-21T10:00:10Z");

  it("allows up to the limit in a window, then refuses with the wait until the window ends", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit("test", "Someone@Example.com", rule, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(50);
    expect(results[2]?.remaining).toBe(0);
  });

  it("counts case-insensitively per subject and separately per bucket", async () => {
    expect((await consumeRateLimit("test", "someone@example.com", rule, t0)).allowed).toBe(false);
    expect((await consumeRateLimit("other", "someone@example.com", rule, t0)).allowed).toBe(true);
    expect((await consumeRateLimit("test", "another@example.com", rule, t0)).allowed).toBe(true);
  });

  it("opens again in the next window", async () => {
    const next = new Date(t0.getTime() + 60_000);
    expect((await consumeRateLimit("test", "someone@example.com", rule, next)).allowed).toBe(true);
  });

  it("holds when many requests race (one counter row, atomic increments)", async () => {
    const when = new Date("2026-11-21T11:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit("race", "x", { limit: 5, windowSeconds: 60 }, when)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
