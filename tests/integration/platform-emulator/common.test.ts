import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import { startPlatformEmulator, TEST_API_KEY, TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";
import { openForSuite } from "@/tests/support/suite-harness";
import { expectError, expectFieldErrors, expectRateLimitHeaders } from "./schemas";

/** Every platform operation of the contract, with a body that would succeed for the full key. */
const OPERATIONS = [
  {
    name: "create user",
    method: "POST",
    path: "/public-api/resources/users/v1.1",
    body: { email: "op@example.org", password: "123456" },
    ok: 201,
  },
  {
    name: "list users",
    method: "GET",
    path: "/public-api/resources/users/v1.1?filter[email]=driver@example.com",
    ok: 200,
  },
  { name: "get user", method: "GET", path: `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`, ok: 200 },
  {
    name: "update user",
    method: "PATCH",
    path: `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`,
    body: { city: "Delft" },
    ok: 200,
  },
  {
    name: "change e-mail",
    method: "PATCH",
    path: `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/email`,
    body: { email: "d2@example.org" },
    ok: 200,
  },
  {
    name: "password reset",
    method: "POST",
    path: `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/password-reset`,
    body: {},
    ok: 204,
  },
  {
    name: "create token",
    method: "POST",
    path: "/public-api/resources/tokens/v1.0",
    body: { userId: DEMO_DRIVER_ID, code: "04ABCDEF99", visualNumber: "v" },
    ok: 201,
  },
  {
    name: "list tokens",
    method: "GET",
    path: `/public-api/resources/tokens/v1.0?filter[userId]=${DEMO_DRIVER_ID}`,
    ok: 200,
  },
  {
    name: "update token",
    method: "PATCH",
    path: "/public-api/resources/tokens/v1.0/2002",
    body: { status: "blocked" },
    ok: 200,
  },
  {
    name: "list sessions",
    method: "GET",
    path: `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}`,
    ok: 200,
  },
  { name: "get session", method: "GET", path: "/public-api/resources/sessions/v1.0/70001", ok: 200 },
  { name: "list locations", method: "GET", path: "/public-api/resources/locations/v2.0", ok: 200 },
  { name: "get location", method: "GET", path: "/public-api/resources/locations/v2.0/501", ok: 404 },
  {
    name: "redeem voucher",
    method: "POST",
    path: `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`,
    body: { code: "WELCOME10" },
    ok: 202,
  },
] as const;

const emu = openForSuite(() => startPlatformEmulator());
beforeEach(() => emu.emulator.reset());

describe.each(OPERATIONS)("$name ($method)", (op) => {
  const body = "body" in op ? op.body : undefined;

  it("401 without a key or with a wrong key, with rate-limit headers", async () => {
    for (const key of [null, "wrong-key", ""]) {
      const res = await emu.call(op.method, op.path, { body, key });
      expectError(res, 401, "Unauthenticated.");
      expectRateLimitHeaders(res);
    }
    const basic = await emu.call(op.method, op.path, {
      body,
      key: null,
      headers: { authorization: `Basic ${TEST_API_KEY}` },
    });
    expectError(basic, 401);
  });

  it(op.method === "GET" ? "read-only key may read" : "403 with the read-only key, and nothing changes", async () => {
    const before = (await emu.call("GET", "/__emulator/state")).text;
    const res = await emu.call(op.method, op.path, { body, key: TEST_READONLY_KEY });
    expectRateLimitHeaders(res);
    if (op.method === "GET") {
      expect(res.status).toBe(op.ok);
    } else {
      expectError(res, 403, "This action is unauthorized.");
      const after = (await emu.call("GET", "/__emulator/state")).body;
      const { requestLog: _a, ...beforeRest } = JSON.parse(before);
      const { requestLog: _b, ...afterRest } = after;
      expect(afterRest).toEqual(beforeRest);
    }
  });

  it(`${op.ok} with the full key, with rate-limit headers`, async () => {
    const res = await emu.call(op.method, op.path, { body });
    expect(res.status, res.text).toBe(op.ok);
    expectRateLimitHeaders(res);
    if (op.ok === 202 || op.ok === 204) expect(res.text).toBe("");
    else expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("rate limit", () => {
  it("counts down per key and answers 429 with Retry-After and X-RateLimit-Reset when exceeded", async () => {
    const limited = await startPlatformEmulator({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.call("GET", `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-ratelimit-limit")).toBe("3");
        remaining.push(res.headers.get("x-ratelimit-remaining")!);
      }
      expect(remaining).toEqual(["2", "1", "0"]);
      const res = await limited.call("POST", "/public-api/resources/users/v1.1", {
        body: { email: "x@example.org", password: "123456" },
      });
      expectError(res, 429, "Too Many Attempts.");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThan(Date.now() / 1000 + 50);
      expect(reset).toBeLessThan(Date.now() / 1000 + 62);
      // The refused write did not happen; another key has its own window.
      const state = await limited.call("GET", "/__emulator/state");
      expect(state.body.users.some((u: { email: string }) => u.email === "x@example.org")).toBe(false);
      expect(
        (await limited.call("GET", "/public-api/resources/locations/v2.0", { key: TEST_READONLY_KEY })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("opens a new window after windowMs", async () => {
    const clock = { ms: Date.parse("2026-05-01T10:00:00Z") };
    const limited = await startPlatformEmulator({
      rateLimit: { limit: 1, windowMs: 1000 },
      now: () => new Date(clock.ms),
    });
    try {
      expect((await limited.call("GET", "/public-api/resources/locations/v2.0")).status).toBe(200);
      const refused = await limited.call("GET", "/public-api/resources/locations/v2.0");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(refused.headers.get("x-ratelimit-reset")).toBe(String(clock.ms / 1000 + 1));
      clock.ms += 1000;
      expect((await limited.call("GET", "/public-api/resources/locations/v2.0")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("bad input is a 4xx with a message, never a 500", () => {
  const USERS = "/public-api/resources/users/v1.1";

  // Checked before the next reset clears the log: every platform call in these tests stayed < 500.
  let reachedEmulator = true;
  afterEach(async () => {
    const log = (await emu.call("GET", "/__emulator/state")).body.requestLog as Array<{ status: number }>;
    if (reachedEmulator) expect(log.length).toBeGreaterThan(0);
    reachedEmulator = true;
    expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
  });

  it("400 for malformed JSON and for a JSON body that is not an object", async () => {
    const headers = { "content-type": "application/json" };
    expectError(await emu.call("POST", USERS, { rawBody: '{"email": "a@b.nl",', headers }), 400);
    expectError(await emu.call("POST", USERS, { rawBody: '["a@b.nl"]', headers }), 400);
    expectError(await emu.call("PATCH", `${USERS}/${DEMO_DRIVER_ID}`, { rawBody: "null", headers }), 400);
    expectError(
      await emu.call("POST", "/public-api/actions/users/v2.0/1001/redeem-voucher", {
        rawBody: "code=WELCOME10",
        headers,
      }),
      400,
    );
  });

  it("415 for a body that is not sent as JSON", async () => {
    const res = await emu.call("POST", USERS, {
      rawBody: "email=a@b.nl&password=123456",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(res, 415);
    expectError(
      await emu.call("POST", USERS, {
        rawBody: '{"email":"a@b.nl","password":"123456"}',
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
  });

  it("413 for a body over 256 KiB", async () => {
    reachedEmulator = false; // the HTTP adapter refuses it before the emulator sees it
    const huge = JSON.stringify({ email: "big@example.org", password: "123456", first_name: "x".repeat(300 * 1024) });
    const res = await emu.call("POST", USERS, { rawBody: huge, headers: { "content-type": "application/json" } });
    expectError(res, 413);
    const state = await emu.call("GET", "/__emulator/state");
    expect(state.body.users.some((u: { email: string }) => u.email === "big@example.org")).toBe(false);
  });

  it("413 in process too, where no HTTP adapter guards the size", async () => {
    const huge = JSON.stringify({ email: "big2@example.org", password: "123456", first_name: "x".repeat(300 * 1024) });
    const response = await emu.emulator.handle(
      new Request(`${emu.url}${USERS}`, {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_API_KEY}`, "content-type": "application/json" },
        body: huge,
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/exceeds/);
  });

  it("422 for a long field under the body limit", async () => {
    expectFieldErrors(
      await emu.call("POST", USERS, {
        body: { email: "long@example.org", password: "123456", first_name: "x".repeat(10_000) },
      }),
      "first_name",
    );
  });

  it("422 for bad page and per_page values", async () => {
    for (const query of ["per_page=0", "per_page=101", "per_page=abc", "per_page=-1", "per_page=1.5", "per_page="]) {
      expectFieldErrors(await emu.call("GET", `${USERS}?${query}`), "per_page");
    }
    for (const query of ["page=0", "page=two"])
      expectFieldErrors(await emu.call("GET", `/public-api/resources/tokens/v1.0?${query}`), "page");
    const beyond = await emu.call("GET", `${USERS}?page=99`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], meta: { current_page: 99, last_page: 1 }, links: { next: null } });
  });

  it("404 for non-integer ids on every id path", async () => {
    const paths = [
      ["GET", `${USERS}/abc`],
      ["PATCH", `${USERS}/1e3`],
      ["PATCH", "/public-api/resources/users/v1.0/%20/email"],
      ["POST", "/public-api/resources/users/v1.0/null/password-reset"],
      ["PATCH", "/public-api/resources/tokens/v1.0/2002.5"],
      ["GET", "/public-api/resources/sessions/v1.0/-70001"],
      ["GET", "/public-api/resources/locations/v2.0/0x1F5"],
      ["POST", "/public-api/actions/users/v2.0/undefined/redeem-voucher"],
      ["GET", "/public-api/resources/users/v1.1/%E0%A4%A"],
    ] as const;
    for (const [method, path] of paths)
      expectError(await emu.call(method, path, { body: method === "GET" ? undefined : {} }), 404);
  });

  it("404 for an unknown path and 405 with Allow for a wrong method", async () => {
    expectError(await emu.call("GET", "/public-api/resources/cars/v1.0"), 404, /could not be found/);
    expectError(await emu.call("GET", "/public-api/resources/users/v9.9"), 404);
    expectError(await emu.call("GET", "/nothing-here"), 404);
    const wrong = await emu.call("DELETE", `${USERS}/${DEMO_DRIVER_ID}`);
    expectError(wrong, 405, /DELETE method is not supported/);
    expect(wrong.headers.get("allow")).toBe("GET, PATCH");
    expectRateLimitHeaders(wrong);
  });
});

describe("connections", () => {
  it("keeps an idle connection open for a minute, so a client reusing it after a pause is not reset", async () => {
    const { request } = await import("node:http");
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      const req = request(`${emu.url}/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`, {
        headers: { Authorization: `Bearer ${TEST_API_KEY}`, Connection: "keep-alive" },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers["keep-alive"]));
      });
      req.on("error", reject);
      req.end();
    });
    // Node's default is 5 s, which a client on a loaded machine can meet mid-reuse (ECONNRESET).
    expect(keepAlive).toBe("timeout=60");
  });
});
