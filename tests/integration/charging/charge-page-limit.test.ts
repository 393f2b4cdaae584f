import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "@/lib/core/db/connect";
import { installTestDatabase, removeTestDatabase } from "../../support/app-db";

/**
 * Issue 38: a charge point's page is public and each view makes four or more platform calls, so a client gets as many
 * views a minute as the map's data routes (LIMIT_MAP_PER_CLIENT_PER_MINUTE, here 3), counted apart from the map.
 */
const client = vi.hoisted(() => ({ key: "203.0.113.7" }));
vi.mock("@/lib/core/auth/client-address", () => ({ clientLimitKey: async () => client.key }));
vi.stubEnv("LIMIT_MAP_PER_CLIENT_PER_MINUTE", "3");

const { chargePageRetryAfter } = await import("@/lib/features/charging");
const { consumeRateLimit, RATE_LIMITS } = await import("@/lib/core/rate-limit");

describe("a charge point's page, per client", () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await installTestDatabase();
  });
  afterAll(async () => {
    await removeTestDatabase(opened);
    vi.unstubAllEnvs();
  });

  it("opens three times a minute, then says how long to wait; another client and the map still go on", async () => {
    const views = [];
    for (let i = 0; i < 4; i++) views.push(await chargePageRetryAfter());
    expect(views.slice(0, 3)).toEqual([null, null, null]);
    expect(views[3]).toBeGreaterThan(0);
    expect(views[3]).toBeLessThanOrEqual(60);
    expect((await consumeRateLimit("map:client", client.key, RATE_LIMITS.mapPerClient)).allowed).toBe(true);
    client.key = "198.51.100.9";
    expect(await chargePageRetryAfter()).toBeNull();
  });
});
