import { afterEach, describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID } from "@/emulators/platform";
import { TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";
import { ampecoEmulatorForSuite } from "./harness";

const USER = `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`;
const REDEEM = `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`;
const CHANGE_STATUS = `/public-api/actions/users/v1.0/${DEMO_DRIVER_ID}/change-status`;
const EXPORT = `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/export-all-private-data`;

/** One call of every operation the emulator serves in the ampeco dialect (each validated by the harness). */
const OPERATIONS = [
  { method: "GET", path: "/public-api/resources/users/v1.1?cursor=" },
  { method: "POST", path: "/public-api/resources/users/v1.1", body: { email: "op@example.org", password: "secret1" } },
  { method: "GET", path: USER },
  { method: "PATCH", path: USER, body: { city: "Delft" } },
  { method: "GET", path: "/public-api/resources/id-tags/v2.0?cursor=" },
  {
    method: "POST",
    path: "/public-api/resources/id-tags/v2.0",
    body: { idTagUid: "04FEED", status: "enabled", type: "rfid", userId: DEMO_DRIVER_ID },
  },
  { method: "GET", path: "/public-api/resources/id-tags/v2.0/2001" },
  { method: "PATCH", path: "/public-api/resources/id-tags/v2.0/2001", body: { status: "disabled" } },
  { method: "GET", path: "/public-api/resources/sessions/v1.0?cursor=" },
  { method: "GET", path: "/public-api/resources/sessions/v1.0/70001" },
  { method: "GET", path: "/public-api/resources/locations/v2.0" },
  { method: "GET", path: "/public-api/resources/charge-points/v2.0" },
  { method: "POST", path: REDEEM, body: { code: "WELCOME10" } },
  { method: "POST", path: CHANGE_STATUS, body: { status: "disabled", reason: "test" } },
  { method: "GET", path: EXPORT },
] as const;

const emu = ampecoEmulatorForSuite();
afterEach(async () => {
  await emu.call("DELETE", "/__emulator/faults");
});

const bodyOf = (op: (typeof OPERATIONS)[number]) => ("body" in op ? op.body : undefined);

describe("every operation: 401, 403 and 429 as the subset declares them", () => {
  it.each(OPERATIONS)("$method $path", async (op) => {
    const body = bodyOf(op);
    const unauthenticated = await emu.call(op.method, op.path, { body, key: null });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({ message: "Unauthenticated." });
    expect(unauthenticated.headers.get("x-ratelimit-limit")).not.toBeNull();

    const readOnly = await emu.call(op.method, op.path, { body, key: TEST_READONLY_KEY });
    expect(readOnly.status).toBe(op.method === "GET" ? 200 : 403);

    await emu.call("PUT", "/__emulator/faults", { body: { rateLimit: { limit: 1, windowMs: 60_000 } } });
    expect((await emu.call(op.method, op.path, { body })).status).toBeLessThan(300);
    const limited = await emu.call(op.method, op.path, { body });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too Many Attempts." });
    expect(limited.headers.get("x-ratelimit-limit")).toBe("1");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    // AMPECO documents "X-RateLimit-*" only: the reset, and no Retry-After (the `rateLimitHeaders` setting).
    expect(limited.headers.get("retry-after")).toBeNull();
    expect(Number(limited.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("user actions", () => {
  it("redeem voucher: 202 without body, 406 for a used code, 404 for an unknown user, 422 without a code", async () => {
    expect((await emu.call("POST", REDEEM, { body: { code: "WELCOME10" } })).status).toBe(202);
    expect((await emu.call("POST", REDEEM, { body: { code: "WELCOME10" } })).status).toBe(406);
    expect(
      (await emu.call("POST", "/public-api/actions/users/v2.0/99999/redeem-voucher", { body: { code: "CHARGE25" } }))
        .status,
    ).toBe(404);
    const missing = await emu.call("POST", REDEEM, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ code: ["The code field is required."] });
  });

  it("change-status answers 202 and the user's status follows; status and reason are required, status is an enum", async () => {
    expect(
      (await emu.call("POST", CHANGE_STATUS, { body: { status: "disabled", reason: "fraud check" } })).status,
    ).toBe(202);
    expect((await emu.call("GET", USER)).body.data.status).toBe("disabled");
    const missing = await emu.call("POST", CHANGE_STATUS, { body: {} });
    expect(missing.body.errors).toEqual({
      status: ["The status field is required."],
      reason: ["The reason field is required."],
    });
    const wrong = await emu.call("POST", CHANGE_STATUS, { body: { status: "blocked", reason: "x" } });
    expect(wrong.body.errors).toEqual({ status: ["The selected status is invalid."] });
    expect(
      (
        await emu.call("POST", "/public-api/actions/users/v1.0/99999/change-status", {
          body: { status: "enabled", reason: "x" },
        })
      ).status,
    ).toBe(404);
  });

  it("export-all-private-data answers a download URL; 404 for an unknown user", async () => {
    const exported = await emu.call("GET", EXPORT);
    expect(exported.status).toBe(200);
    expect(exported.body.downloadUrl).toMatch(new RegExp(`^${emu.url}/exports/users/${DEMO_DRIVER_ID}/.+\\.json$`));
    expect((await emu.call("GET", "/public-api/actions/users/v2.0/99999/export-all-private-data")).status).toBe(404);
  });

  it("validated every answer above against the subset", () => {
    expect(emu.validated()).toBeGreaterThan(OPERATIONS.length * 4);
  });
});

describe("the contract dialect's paths do not exist here", () => {
  it("404 for tokens/v1.0, users/v1.0/{id}/email and users/v1.0/{id}/password-reset", async () => {
    for (const [method, path, body] of [
      ["GET", "/public-api/resources/tokens/v1.0", undefined],
      ["POST", "/public-api/resources/tokens/v1.0", { userId: DEMO_DRIVER_ID, code: "04ABCDEF", visualNumber: "x" }],
      ["PATCH", "/public-api/resources/tokens/v1.0/2001", { status: "blocked" }],
      ["PATCH", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/email`, { email: "x@example.org" }],
      ["POST", `/public-api/resources/users/v1.0/${DEMO_DRIVER_ID}/password-reset`, {}],
    ] as const) {
      // Not operations of the subset, so they bypass the harness' schema lookup.
      const res = await emu.emulator.handle(
        new Request(`${emu.url}${path}`, {
          method,
          headers: { authorization: "Bearer test-api-key", "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
