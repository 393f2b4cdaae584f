import { beforeEach, describe, expect, it, vi } from "vitest";

const world = vi.hoisted(() => ({
  viewer: null as null | { role: string },
  dbDown: false,
  dbSlow: false,
  pushed: false,
  lastCallback: null as Date | null,
}));

vi.mock("@/lib/core/auth/viewer", () => ({ getViewer: async () => world.viewer }));
vi.mock("@/lib/core/db/client", () => ({
  getDb: async () => {
    if (world.dbDown) throw new Error("database unreachable");
    return {
      execute: async () => {
        if (world.dbSlow) await new Promise(() => undefined);
        return [];
      },
    };
  },
}));

vi.mock("@/lib/features/live", async (original) => {
  const { CALLBACKS_RECENT_MS } = await import("@/lib/features/live/push");
  return {
    ...(await original<object>()),
    callbacksArriving: async () =>
      world.pushed
        ? {
            recent: world.lastCallback !== null && Date.now() - world.lastCallback.getTime() <= CALLBACKS_RECENT_MS,
            lastAt: world.lastCallback,
          }
        : null,
  };
});

const { GET } = await import("@/app/api/health/route");
const { clearDeprecations, recordDeprecation } = await import("@/lib/platform/deprecations");

async function health() {
  const response = await GET(new Request("http://localhost/api/health"));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeEach(() => {
  world.viewer = null;
  world.dbDown = false;
  world.dbSlow = false;
  world.pushed = false;
  world.lastCallback = null;
  clearDeprecations();
  recordDeprecation(
    {
      endpoint: "sessions.list",
      path: "/public-api/resources/sessions/v1.0",
      deprecation: "true",
      sunset: "Mon, 01 Jun 2026 00:00:00 GMT",
    },
    () => undefined,
  );
});

describe("GET /api/health", () => {
  it("tells anyone only that the portal is up", async () => {
    expect(await health()).toEqual({ status: 200, body: { status: "ok", demoMode: expect.any(Boolean) } });
    world.viewer = { role: "driver" };
    expect((await health()).body).not.toHaveProperty("platform");
  });

  it("lists the platform's deprecated endpoints, with their sunset, for signed-in staff", async () => {
    world.viewer = { role: "support" };
    const { body } = await health();
    expect(body.platform).toEqual({
      dialect: "contract",
      deprecations: [expect.objectContaining({ endpoint: "sessions.list", sunset: "Mon, 01 Jun 2026 00:00:00 GMT" })],
    });
  });

  it("says whether the platform's callbacks arrived in the last 15 minutes, where it pushes events", async () => {
    world.pushed = true;
    expect((await health()).body.events).toEqual({ recent: false });
    world.lastCallback = new Date(Date.now() - 60_000);
    expect((await health()).body.events).toEqual({ recent: true });
    world.lastCallback = new Date(Date.now() - 16 * 60_000);
    expect((await health()).body.events).toEqual({ recent: false });
    world.viewer = { role: "support" };
    expect((await health()).body.events).toEqual({ recent: false, lastAt: world.lastCallback.toISOString() });
  });

  it("answers 503 when the database cannot be reached", async () => {
    world.dbDown = true;
    expect(await health()).toEqual({ status: 503, body: { status: "unavailable" } });
  });
});

const live = (await import("@/app/api/health/live/route")).GET;
const ready = (await import("@/app/api/health/ready/route")).GET;
const { metricsText } = await import("@/lib/core/observability/metrics");

describe("GET /api/health/live and /api/health/ready (issue 39)", () => {
  const drain = globalThis as unknown as { __driverPortalDraining?: boolean };
  const answer = async (handler: typeof live) => {
    const response = await handler(new Request("http://localhost/api/health/x"));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("live answers while the process runs, whatever the database does", async () => {
    world.dbDown = true;
    expect(await answer(live)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("ready answers 200 only with a database that answers and no drain, and the metric follows", async () => {
    expect(await answer(ready)).toEqual({ status: 200, body: { status: "ready" } });
    expect((await metricsText()).body).toMatch(/^portal_ready 1$/m);
    world.dbDown = true;
    expect(await answer(ready)).toEqual({ status: 503, body: { status: "unavailable", reason: "database" } });
    expect((await metricsText()).body).toMatch(/^portal_ready 0$/m);
    world.dbDown = false;
    drain.__driverPortalDraining = true;
    try {
      expect(await answer(ready)).toEqual({ status: 503, body: { status: "unavailable", reason: "draining" } });
      expect((await answer(live)).status).toBe(200);
    } finally {
      drain.__driverPortalDraining = false;
    }
  });

  it("ready gives up on a database that does not answer within 2 s", async () => {
    vi.useFakeTimers();
    try {
      world.dbSlow = true;
      const pending = answer(ready);
      await vi.advanceTimersByTimeAsync(2_100);
      expect(await pending).toEqual({ status: 503, body: { status: "unavailable", reason: "database" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a Sunset header seen becomes the endpoint's sunset metric", async () => {
    expect((await metricsText()).body).toMatch(
      /^portal_platform_sunset_timestamp_seconds\{endpoint="sessions.list"\} 1780272000$/m,
    );
  });
});
