import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import {
  ErrorBody,
  expectError,
  expectFieldErrors,
  expectRateLimitHeaders,
  page,
  SessionDetail,
  SessionListItem,
  shape,
} from "./schemas";

const USERS = "/public-api/resources/users/v1.1";
const TOKENS = "/public-api/resources/tokens/v1.0";
const SESSIONS = "/public-api/resources/sessions/v1.0";
const emu = openForSuite(() => startPlatformEmulator());
beforeEach(() => emu.emulator.reset());

const state = async () => (await emu.call("GET", "/__emulator/state")).body;

describe("reset", () => {
  it("POST /__emulator/reset → 204 and the deterministic seed again", async () => {
    // The seed is laid out back from the emulator's clock. A fixed clock keeps a reset that crosses a second
    // boundary from shifting every seeded time by a second (seen in CI).
    const server = await startPlatformEmulator({ now: () => new Date("2026-06-01T08:00:00Z") });
    try {
      const demoSessions = `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&per_page=100&page=2`;
      const seededSessions = (await server.call("GET", demoSessions)).body;
      const temp = { email: "temp@example.org", password: "123456" };
      expect((await server.call("POST", USERS, { body: temp })).status).toBe(201);
      await server.call("POST", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/password-reset`, { body: {} });
      await server.call("PUT", "/__emulator/faults", { body: { latencyMs: 1 } });

      const res = await server.call("POST", "/__emulator/reset");
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      const after = (await server.call("GET", "/__emulator/state")).body;
      expect(after.users.map((u: { email: string }) => u.email)).not.toContain(temp.email);
      expect(after.outbox).toEqual([]);
      expect(after.requestLog).toEqual([]);
      expect((await server.call("GET", "/__emulator/faults")).body.data.latencyMs).toBe(0);
      expect((await server.call("GET", demoSessions)).body).toEqual(seededSessions);
    } finally {
      await server.close();
    }
  });

  it("two emulators seeded at the same instant serve identical data", async () => {
    const at = () => new Date("2026-02-02T12:00:00Z");
    const a = await startPlatformEmulator({ now: at });
    const b = await startPlatformEmulator({ now: at });
    try {
      const path = `${SESSIONS}?per_page=100&page=3`;
      expect((await a.call("GET", path)).body.data).toEqual((await b.call("GET", path)).body.data);
      const stateA = (await a.call("GET", "/__emulator/state")).body;
      const stateB = (await b.call("GET", "/__emulator/state")).body;
      expect({ ...stateA, requestLog: [] }).toEqual({ ...stateB, requestLog: [] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("vouchers", () => {
  it("201 with the voucher; EUR and valid by default; redeemable", async () => {
    const res = await emu.call("POST", "/__emulator/vouchers", { body: { code: "test-42", amount: 4.2 } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      code: "TEST-42",
      amount: 4.2,
      currency: "EUR",
      status: "valid",
      redeemedByUserId: null,
    });
    expect(
      (
        await emu.call("POST", `/public-api/actions/users/v2.0/${NEW_DRIVER_ID}/redeem-voucher`, {
          body: { code: "TEST-42" },
        })
      ).status,
    ).toBe(202);
  });

  it("creates used/expired vouchers that the platform then rejects", async () => {
    await emu.call("POST", "/__emulator/vouchers", { body: { code: "OLD1", amount: 1, status: "expired" } });
    expectError(
      await emu.call("POST", `/public-api/actions/users/v2.0/${NEW_DRIVER_ID}/redeem-voucher`, {
        body: { code: "OLD1" },
      }),
      406,
    );
  });

  it("422 for a duplicate code, bad fields or unknown keys", async () => {
    expectFieldErrors(
      await emu.call("POST", "/__emulator/vouchers", { body: { code: "WELCOME10", amount: 1 } }),
      "code",
    );
    expectFieldErrors(
      await emu.call("POST", "/__emulator/vouchers", { body: { code: "X1", amount: "10", currency: "eur" } }),
      "amount",
      "currency",
    );
    expectFieldErrors(
      await emu.call("POST", "/__emulator/vouchers", { body: { code: "X2", amount: 1, value: 5 } }),
      "body",
    );
    expectError(
      await emu.call("POST", "/__emulator/vouchers", { rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
    );
  });
});

describe("sessions", () => {
  it("adds finished sessions to a user (full detail shape) that the platform then lists", async () => {
    const res = await emu.call("POST", `/__emulator/users/${NEW_DRIVER_ID}/sessions`, { body: { count: 3 } });
    expect(res.status).toBe(201);
    const created = res.body.data.map((s: unknown) => shape(SessionDetail, s));
    expect(created).toHaveLength(3);
    expect(
      created.every(
        (s: { status: string; stoppedAt: string | null }) => s.status === "finished" && s.stoppedAt !== null,
      ),
    ).toBe(true);
    const listed = shape(
      page(SessionListItem),
      (await emu.call("GET", `${SESSIONS}?filter[userId]=${NEW_DRIVER_ID}`)).body,
    );
    expect(listed.data.map((s) => s.id).sort()).toEqual(created.map((s: { id: number }) => s.id).sort());
  });

  it("adds a running session and stops it; energy is frozen at the stop", async () => {
    // An emulator on a clock the test moves: an hour passes in one step, no waiting on the real clock.
    const clock = { ms: Date.parse("2026-03-14T12:00:00Z") };
    const timed = await startPlatformEmulator({ now: () => new Date(clock.ms) });
    try {
      const add = (startedAt: number) =>
        timed.call("POST", `/__emulator/users/${NEW_DRIVER_ID}/sessions`, {
          body: { running: true, startedAt: new Date(startedAt).toISOString() },
        });
      const running = shape(SessionDetail, (await add(clock.ms - 3_600_000)).body.data[0]);
      expect(running).toMatchObject({ status: "charging", stoppedAt: null, stoppedAtLocal: null });
      expect(running.energy).toBeGreaterThan(7000); // ~7.4 kWh after one hour
      const stillRunning = shape(SessionDetail, (await add(clock.ms - 60_000)).body.data[0]);

      const stop = await timed.call("POST", `/__emulator/sessions/${running.id}/stop`);
      expect(stop.status).toBe(200);
      const stopped = shape(SessionDetail, stop.body.data);
      expect(stopped.status).toBe("finished");
      expect(stopped.stoppedAt).not.toBeNull();
      expect(stopped.amount).toBeGreaterThan(0);

      clock.ms += 3_600_000;
      const read = async (id: number) => shape(SessionDetail, (await timed.call("GET", `${SESSIONS}/${id}`)).body.data);
      expect((await read(running.id)).energy).toBe(stopped.energy);
      // The control: a session left running did charge on during that hour.
      expect((await read(stillRunning.id)).energy).toBeGreaterThan(stillRunning.energy + 7000);

      expectError(await timed.call("POST", `/__emulator/sessions/${running.id}/stop`), 409);
      expectError(await timed.call("POST", "/__emulator/sessions/123/stop"), 404);
    } finally {
      await timed.close();
    }
  });

  it("takes explicit fields; 404 for an unknown user, 422 for bad bodies", async () => {
    const fields = {
      startedAt: "2026-01-10T10:00:00Z",
      stoppedAt: "2026-01-10T11:00:00Z",
      energy: 12_345,
      amount: 5.55,
      status: "failed",
      locationId: 502,
      evseId: 50201,
    };
    const res = await emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: fields });
    expect(shape(SessionDetail, res.body.data[0])).toMatchObject(fields);
    expectError(await emu.call("POST", "/__emulator/users/4242/sessions", { body: {} }), 404);
    expectFieldErrors(
      await emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: { count: 0 } }),
      "count",
    );
    expectFieldErrors(
      await emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, {
        body: { running: true, status: "finished" },
      }),
      "status",
    );
    expectFieldErrors(
      await emu.call("POST", `/__emulator/users/${DEMO_DRIVER_ID}/sessions`, { body: { startedAt: "yesterday" } }),
      "startedAt",
    );
  });
});

describe("faults", () => {
  it("a 'before' rule fails exactly the next matching call and nothing is applied", async () => {
    const put = await emu.call("PUT", "/__emulator/faults", {
      body: { rules: [{ method: "POST", path: "^/public-api/resources/tokens/", status: 503 }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.rules).toEqual([
      { method: "POST", path: "^/public-api/resources/tokens/", times: 1, status: 503, phase: "before" },
    ]);

    expect((await emu.call("GET", `${TOKENS}?filter[userId]=${NEW_DRIVER_ID}`)).status).toBe(200); // GET does not match
    const body = { userId: NEW_DRIVER_ID, code: "04FA17ED01", visualNumber: "x" };
    const failed = await emu.call("POST", TOKENS, { body });
    expectError(failed, 503);
    expectRateLimitHeaders(failed);
    expect((await state()).tokens.filter((t: { code: string }) => t.code === "04FA17ED01")).toHaveLength(0);
    expect((await emu.call("POST", TOKENS, { body })).status).toBe(201);
    expect((await emu.call("GET", "/__emulator/faults")).body.data.rules).toEqual([]);
  });

  it("an 'after' rule applies the call and then answers late with an error (timeout after the side effect)", async () => {
    await emu.call("PUT", "/__emulator/faults", {
      body: { rules: [{ method: "post", path: "/users/v1\\.1$", status: 504, delayMs: 300, phase: "after" }] },
    });
    const started = Date.now();
    const res = await emu.call("POST", USERS, { body: { email: "slow@example.org", password: "123456" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expectError(res, 504);
    const users = (await state()).users.filter((u: { email: string }) => u.email === "slow@example.org");
    expect(users).toHaveLength(1);
    // A retry now meets the side effect of the first call.
    expectFieldErrors(
      await emu.call("POST", USERS, { body: { email: "slow@example.org", password: "123456" } }),
      "email",
    );
  });

  it("latency, random 5xx and random 429 apply to platform paths only", async () => {
    await emu.call("PUT", "/__emulator/faults", { body: { latencyMs: 150 } });
    let started = Date.now();
    expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    started = Date.now();
    expect((await emu.call("GET", "/__emulator/state")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(140);

    await emu.call("PUT", "/__emulator/faults", { body: { errorRate: 1 } });
    for (let i = 0; i < 5; i++) {
      const res = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
      expect([500, 503]).toContain(res.status);
      shape(ErrorBody, res.body);
      expectRateLimitHeaders(res);
    }
    expect((await emu.call("GET", "/__emulator/outbox")).status).toBe(200);

    await emu.call("PUT", "/__emulator/faults", { body: { rateLimitedRate: 1 } });
    const limited = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    expectError(limited, 429, "Too Many Attempts.");
    expect(limited.headers.get("retry-after")).toBe("1");
  });

  it("a rateLimit fault lowers the limit until the faults are cleared", async () => {
    const put = await emu.call("PUT", "/__emulator/faults", { body: { rateLimit: { limit: 2, windowMs: 60_000 } } });
    expect(put.body.data.rateLimit).toEqual({ limit: 2, windowMs: 60_000 });
    expect((await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`)).headers.get("x-ratelimit-limit")).toBe("2");
    await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    expectError(await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`), 429);

    expect((await emu.call("DELETE", "/__emulator/faults")).status).toBe(204);
    const res = await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("6000");
    expect((await emu.call("GET", "/__emulator/faults")).body.data).toEqual({
      latencyMs: 0,
      errorRate: 0,
      rateLimitedRate: 0,
      rateLimit: null,
      rules: [],
    });
  });

  it("422 for an invalid fault body; the old faults stay", async () => {
    await emu.call("PUT", "/__emulator/faults", { body: { latencyMs: 5 } });
    expectFieldErrors(await emu.call("PUT", "/__emulator/faults", { body: { errorRate: 2 } }), "errorRate");
    expectFieldErrors(
      await emu.call("PUT", "/__emulator/faults", { body: { rules: [{ path: "([unclosed", status: 500 }] } }),
      "rules.0.path",
    );
    expectFieldErrors(
      await emu.call("PUT", "/__emulator/faults", { body: { rules: [{ path: "x" }] } }),
      "rules.0.status",
    );
    expectFieldErrors(await emu.call("PUT", "/__emulator/faults", { body: { latency: 100 } }), "body");
    expectError(
      await emu.call("PUT", "/__emulator/faults", { rawBody: "nope", headers: { "content-type": "application/json" } }),
      400,
    );
    expect((await emu.call("GET", "/__emulator/faults")).body.data.latencyMs).toBe(5);
  });
});

describe("outbox and state", () => {
  it("outbox lists mails newest first", async () => {
    await emu.call("POST", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/password-reset`, { body: {} });
    await emu.call("POST", `/public-api/resources/users/v1.0/${NEW_DRIVER_ID}/password-reset`);
    const mails = (await emu.call("GET", "/__emulator/outbox")).body.data;
    expect(mails.map((m: { userId: number }) => m.userId)).toEqual([NEW_DRIVER_ID, DEMO_DRIVER_ID]);
  });

  it("state shows users without secrets, tokens, vouchers, redemptions and the request log", async () => {
    await emu.call("GET", `${USERS}/${DEMO_DRIVER_ID}`);
    await emu.call("GET", `${USERS}/999`);
    await emu.call("POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, {
      body: { code: "SPRING5" },
    });
    const s = await state();
    expect(s.users.map((u: { id: number }) => u.id)).toEqual([1001, 1002, 1003]);
    expect(s.users.every((u: object) => !("passwordHash" in u) && !("password" in u))).toBe(true);
    // The store's: five cards of drivers and two tags provisioned without a user (ampeco only shows those).
    expect(s.tokens).toHaveLength(7);
    expect(s.vouchers.map((v: { code: string }) => v.code)).toContain("WELCOME10");
    expect(s.redemptions).toMatchObject([{ code: "SPRING5", userId: DEMO_DRIVER_ID, amount: 5, currency: "EUR" }]);
    expect(
      s.requestLog.map((e: { method: string; path: string; status: number }) => [e.method, e.path, e.status]),
    ).toEqual([
      ["GET", `${USERS}/${DEMO_DRIVER_ID}`, 200],
      ["GET", `${USERS}/999`, 404],
      ["POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, 202],
    ]);
    expect(Date.parse(s.requestLog[0].at)).not.toBeNaN();
  });

  it("control paths need no key and answer 404/405 like the platform", async () => {
    expectError(await emu.call("GET", "/__emulator/nothing", { key: null }), 404);
    expectError(await emu.call("GET", "/__emulator/reset", { key: null }), 405);
    expect((await emu.call("GET", "/__emulator/state", { key: null })).status).toBe(200);
  });
});
