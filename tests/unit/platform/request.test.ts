import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  PlatformRateLimitedError,
  PlatformResponseError,
  PlatformUnavailableError,
  isPlatformError,
} from "@/lib/platform/errors";
import { BASE, KEY, caught, hang, harness, reply, userJson } from "./fake-platform";

const ok = reply({ data: userJson() });

describe("request: headers", () => {
  it("sends the bearer key and Accept on every call, Content-Type only with a body", async () => {
    const h = harness([ok]);
    await h.client.users.getUser(734519);
    await h.client.users.updateUser(734519, { city: "Utrecht" });
    const [get, patch] = h.requests;
    expect(get?.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(get?.headers.get("accept")).toBe("application/json");
    expect(get?.headers.get("content-type")).toBeNull();
    expect(get?.url.href).toBe(`${BASE}/public-api/resources/users/v1.1/734519`);
    expect(patch?.method).toBe("PATCH");
    expect(patch?.headers.get("content-type")).toBe("application/json");
  });

  it("refuses a non-integer path id without sending anything", async () => {
    const h = harness([ok]);
    const error = await caught(h.client.users.getUser("1/../../admin" as unknown as number));
    expect(isPlatformError(error) && error.code).toBe("invalid_argument");
    expect(h.requests).toHaveLength(0);
    expect(h.lines).toHaveLength(1);
    expect(h.lines[0]?.attempts).toBe(0);
  });
});

describe("request: rate limiting (429)", () => {
  it("waits Retry-After seconds, then retries and succeeds", async () => {
    const h = harness([reply({ message: "Too Many Attempts." }, 429, { "Retry-After": "2" }), ok]);
    const user = await h.client.users.getUser(734519);
    expect(user.id).toBe(734519);
    expect(h.waits).toEqual([2000]);
    expect(h.requests).toHaveLength(2);
    expect(h.lines).toHaveLength(1);
    expect(h.lines[0]).toMatchObject({ status: 200, outcome: "ok", attempts: 2 });
  });

  it("retries a rate-limited POST too, since the platform did not process it", async () => {
    const h = harness([reply({ message: "Too Many Attempts." }, 429, { "Retry-After": "1" }), reply(null, 202)]);
    await h.client.vouchers.redeemVoucher(734519, "SPRING-25");
    expect(h.requests).toHaveLength(2);
    expect(h.waits).toEqual([1000]);
  });

  it("waits until X-RateLimit-Reset when there is no Retry-After", async () => {
    const h = harness([reply({}, 429, { "X-RateLimit-Reset": "1700000003" }), ok]);
    h.setClock(1_700_000_000_000);
    await h.client.users.getUser(734519);
    expect(h.waits).toEqual([3000]);
  });

  it("throws PlatformRateLimitedError at once when the wait exceeds the cap", async () => {
    const h = harness([reply({ message: "Too Many Attempts." }, 429, { "Retry-After": "60" }), ok], {
      retryCapMs: 5000,
    });
    const error = await caught(h.client.users.getUser(734519));
    expect(error).toBeInstanceOf(PlatformRateLimitedError);
    expect((error as PlatformRateLimitedError).retryAfterSeconds).toBe(60);
    expect(h.waits).toEqual([]);
    expect(h.requests).toHaveLength(1);
    expect(h.lines[0]).toMatchObject({ outcome: "rate_limited", status: 429, attempts: 1 });
  });

  it("gives up with PlatformRateLimitedError when retries are spent", async () => {
    const h = harness([reply({}, 429, { "Retry-After": "1" })], { maxRetries: 2 });
    const error = await caught(h.client.users.getUser(734519));
    expect(error).toBeInstanceOf(PlatformRateLimitedError);
    expect(h.requests).toHaveLength(3);
    expect(h.waits).toEqual([1000, 1000]);
  });
});

describe("request: server errors, network errors and timeouts", () => {
  it("retries an idempotent GET after a 503 and succeeds", async () => {
    const h = harness([reply({ message: "down" }, 503), ok]);
    const user = await h.client.users.getUser(734519);
    expect(user.email).toBe("jane.driver@example.org");
    expect(h.requests).toHaveLength(2);
    expect(h.waits).toHaveLength(1);
    expect(h.waits[0]).toBeGreaterThan(0);
    expect(h.waits[0]).toBeLessThanOrEqual(200);
  });

  it("backs off exponentially and gives up with kind server", async () => {
    const h = harness([reply({}, 502)], { maxRetries: 3, random: () => 1 });
    const error = await caught(h.client.sessions.listSessions({ userId: 734519 }));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as PlatformUnavailableError).kind).toBe("server");
    expect(h.waits).toEqual([200, 400, 800]);
    expect(h.requests).toHaveLength(4);
  });

  it.each([
    [
      "users.create",
      500,
      (h: ReturnType<typeof harness>) =>
        h.client.users.createUser({ email: "a@b.c", password: "pw123456", firstName: "A", lastName: "B" }),
    ],
    ["vouchers.redeem", 503, (h: ReturnType<typeof harness>) => h.client.vouchers.redeemVoucher(734519, "CODE")],
    [
      "tokens.create",
      503,
      (h: ReturnType<typeof harness>) =>
        h.client.cards.createCard({ userId: 734519, code: "04A1B2", visualNumber: "NL-1" }),
    ],
    ["users.startPasswordReset", 500, (h: ReturnType<typeof harness>) => h.client.users.startPasswordReset(734519)],
  ] as const)("never retries the non-idempotent %s after a %d", async (endpoint, status, call) => {
    const h = harness([reply({ message: "boom" }, status), reply(null, 202)]);
    const error = await caught(call(h));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as PlatformUnavailableError).kind).toBe("server");
    expect((error as PlatformUnavailableError).endpoint).toBe(endpoint);
    expect(h.requests).toHaveLength(1);
    expect(h.waits).toEqual([]);
  });

  it("turns a hung request into PlatformUnavailableError kind timeout naming the endpoint", async () => {
    const h = harness([hang], { timeoutMs: 30 });
    const error = await caught(h.client.vouchers.redeemVoucher(734519, "CODE"));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as PlatformUnavailableError).kind).toBe("timeout");
    expect((error as Error).message).toContain("vouchers.redeem");
    expect(h.requests).toHaveLength(1);
    expect(h.lines[0]).toMatchObject({ outcome: "timeout", status: null, attempts: 1 });
  });

  it("retries a timed-out GET", async () => {
    const h = harness([hang, ok], { timeoutMs: 30 });
    await h.client.users.getUser(734519);
    expect(h.requests).toHaveLength(2);
  });

  it("maps a rejected fetch to kind network", async () => {
    const h = harness(
      [
        () => {
          throw new TypeError("fetch failed");
        },
      ],
      { maxRetries: 0 },
    );
    const error = await caught(h.client.users.getUser(734519));
    expect((error as PlatformUnavailableError).kind).toBe("network");
  });
});

describe("request: response parsing", () => {
  it("turns malformed JSON into PlatformResponseError naming the endpoint", async () => {
    const h = harness([{ status: 200, raw: "{not json" }]);
    const error = await caught(h.client.users.getUser(734519));
    expect(error).toBeInstanceOf(PlatformResponseError);
    expect((error as Error).message).toContain("users.get");
    expect(h.lines[0]?.outcome).toBe("bad_response");
  });

  it("turns a schema mismatch into PlatformResponseError, logging issue paths but not values", async () => {
    const h = harness([reply({ data: [userJson({ id: "not-a-number" })], meta: {}, links: { next: null } })]);
    const error = await caught(h.client.users.listUsers());
    expect(error).toBeInstanceOf(PlatformResponseError);
    expect((error as Error).message).toContain("users.list");
    expect((error as PlatformResponseError).issuePaths).toEqual(["data.0.id"]);
    expect(h.lines[0]?.issuePaths).toEqual(["data.0.id"]);
    expect(JSON.stringify(h.lines)).not.toContain("not-a-number");
  });

  it("accepts an empty 204 and 202 without a schema", async () => {
    const h = harness([{ status: 204 }, { status: 202, raw: "" }]);
    await expect(h.client.users.startPasswordReset(734519)).resolves.toBeUndefined();
    await expect(h.client.vouchers.redeemVoucher(734519, "X")).resolves.toBeUndefined();
  });

  it("returns status, validated data and headers from the requester", async () => {
    const h = harness([reply({ data: { n: "7" } }, 200, { "X-RateLimit-Remaining": "59" })]);
    const res = await h.requester.request({
      endpoint: "users.get",
      params: { id: 1 },
      schema: z.object({ data: z.object({ n: z.string().transform(Number) }) }),
    });
    expect(res.status).toBe(200);
    expect(res.data.data.n).toBe(7);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("59");
  });

  it("does not follow redirects (the key must not travel elsewhere)", async () => {
    const h = harness([reply(null, 302, { Location: "https://evil.example/" })]);
    const error = await caught(h.client.users.getUser(734519));
    expect(error).toBeInstanceOf(PlatformResponseError);
    expect((error as PlatformResponseError).status).toBe(302);
  });
});

describe("request: logging", () => {
  it("writes exactly one line per call with method, path template, status, duration and attempts", async () => {
    const h = harness([reply({}, 503), ok]);
    await h.client.users.getUser(734519);
    expect(h.lines).toEqual([
      {
        endpoint: "users.get",
        method: "GET",
        path: "/public-api/resources/users/v1.1/{id}",
        status: 200,
        outcome: "ok",
        durationMs: 150, // the one backoff wait: 200 ms ceiling, jitter 0.5 → 150
        attempts: 2,
      },
    ]);
  });
});

describe("request: metrics (issue 39)", () => {
  /** A platform metric's value for `endpoint` (0 when not there yet). */
  async function figure(metric: string, labels: string): Promise<number> {
    const { metricsText } = await import("@/lib/core/observability/metrics");
    const line = (await metricsText()).body.split("\n").find((l) => l.startsWith(`${metric}{${labels}}`));
    return line ? Number(line.split(" ").at(-1)) : 0;
  }

  it("counts a call by endpoint and outcome, its retries and 429s, and the last X-RateLimit-Remaining", async () => {
    const { metricsText } = await import("@/lib/core/observability/metrics");
    const calls = () => figure("portal_platform_calls_total", 'endpoint="users.get",outcome="ok"');
    const limited = () => figure("portal_platform_rate_limited_total", 'endpoint="users.get"');
    const retries = () => figure("portal_platform_retries_total", 'endpoint="users.get"');
    const before = { calls: await calls(), limited: await limited(), retries: await retries() };
    const h = harness([
      reply({ message: "Too Many Attempts." }, 429, { "Retry-After": "1", "X-RateLimit-Remaining": "0" }),
      reply({ data: userJson() }, 200, { "X-RateLimit-Remaining": "57" }),
    ]);
    await h.client.users.getUser(734519);
    expect((await calls()) - before.calls).toBe(1);
    expect((await limited()) - before.limited).toBe(1);
    expect((await retries()) - before.retries).toBe(1);
    expect((await metricsText()).body).toMatch(/^portal_platform_ratelimit_remaining 57$/m);
    // The endpoint's name is the label: never the id the path carried.
    expect((await metricsText()).body).not.toContain("734519");
  });
});
