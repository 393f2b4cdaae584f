import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_ID, NEW_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { START_ERROR_CODES } from "@/emulators/platform/charging-settings";
import { TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";
import { CP, evseStartPath, startPath, stopPath, chargingBenchForSuite } from "./charging-harness";
import { SESSIONS } from "./harness";

/**
 * Issue 38: every way a start is refused (202 `success: false`, each documented errorCode), forced by the
 * `startRefusal` setting and from the store's own state; two starts at once; the 403, 404, 422 and 429 answers; and
 * how a stop answers. Every answer is checked against the subsets.
 */
const MINUTE = 60_000;
const bench = chargingBenchForSuite();

const sessionCount = async () => (await bench.emu.call("GET", "/__emulator/state")).body.sessionCount as number;
const runningOf = async (userId: number) =>
  (await bench.emu.call("GET", `${SESSIONS}?filter[userId]=${userId}&filter[status]=active&cursor=`)).body.data.length +
  (await bench.emu.call("GET", `${SESSIONS}?filter[userId]=${userId}&filter[status]=pending&cursor=`)).body.data.length;
const post = (path: string, body: unknown, key?: string) => bench.emu.call("POST", path, { body, key });
const createUser = async (body: Record<string, unknown>) => {
  const answer = await post("/public-api/resources/users/v1.1", { password: "secret12", ...body });
  expect(answer.status, answer.text).toBe(201);
  return Number(answer.body.data.id);
};

describe("refusals forced by the startRefusal setting", () => {
  it.each(START_ERROR_CODES)("%s: 202, success false with that code and its message, and no session", async (code) => {
    await bench.settings({ startRefusal: code });
    const before = await sessionCount();
    const answer = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    expect(answer).toMatchObject({ success: false, sessionId: null, authorizationId: null, errorCode: code });
    expect(answer.message).toEqual(expect.any(String));
    expect(await sessionCount()).toBe(before);
    expect((await bench.evse(50203)).hardwareStatus).toBe("available");
  });
});

describe("refusals from the store's state", () => {
  const refusedWith = async (cp: number, networkId: number, body: Record<string, unknown>, errorCode?: string) => {
    const before = await sessionCount();
    const answer = await bench.start(cp, networkId, body);
    expect(answer).toMatchObject({ success: false, sessionId: null, authorizationId: null });
    if (errorCode) expect(answer.errorCode).toBe(errorCode);
    else expect(answer).not.toHaveProperty("errorCode");
    expect(await sessionCount()).toBe(before);
    return answer;
  };

  it("SESSION_ALREADY_RUNNING for a driver already charging (the seed's running session)", async () => {
    await refusedWith(CP.zuidas, 3, { userId: DEMO_DRIVER_ID }, "SESSION_ALREADY_RUNNING");
  });

  it("SESSION_EXISTS on an EVSE another driver charges at, and no code for one that is unavailable or out of order", async () => {
    await refusedWith(CP.westerpark, 2, { userId: SECOND_DRIVER_ID }, "SESSION_EXISTS");
    const unavailable = await refusedWith(CP.haarlem, 3, { userId: SECOND_DRIVER_ID });
    expect(unavailable.message).toBe("The EVSE is not available.");
    await refusedWith(CP.haarlem, 4, { userId: SECOND_DRIVER_ID });
  });

  it("USER_IS_DISABLED for a disabled account", async () => {
    const disabled = await post(`/public-api/actions/users/v1.0/${SECOND_DRIVER_ID}/change-status`, {
      status: "disabled",
      reason: "test",
    });
    expect(disabled.status).toBe(202);
    await refusedWith(CP.zuidas, 3, { userId: SECOND_DRIVER_ID }, "USER_IS_DISABLED");
  });

  it("LOCATION_IS_CLOSED at night at a site with opening hours (06:00–23:00 local)", async () => {
    bench.clock.ms = Date.parse("2026-06-01T01:30:00Z");
    await refusedWith(CP.sciencePark, 1, { userId: SECOND_DRIVER_ID }, "LOCATION_IS_CLOSED");
    bench.clock.ms = Date.parse("2026-06-01T04:30:00Z");
    expect((await bench.start(CP.sciencePark, 1, { userId: SECOND_DRIVER_ID })).success).toBe(true);
  });

  it("CHARGING_NOT_ALLOWED where the EVSE's tariff group has no tariff for the driver (a fleet's bay)", async () => {
    await refusedWith(CP.zuidas, 4, { userId: SECOND_DRIVER_ID }, "CHARGING_NOT_ALLOWED");
  });

  it("PAYMENT_METHOD_REQUIRED for the balance of a driver whose partner shows no balance (the fleet reseller)", async () => {
    const fleetDriver = await createUser({ email: "fleet@example.com", partnerId: 1117 });
    await refusedWith(CP.zuidas, 4, { userId: fleetDriver }, "PAYMENT_METHOD_REQUIRED");
  });

  it("CANNOT_USE_PAYMENT_METHOD for a removed card, CANNOT_USE_EXPIRED_PAYMENT_METHOD for an expired one", async () => {
    await refusedWith(
      CP.zuidas,
      3,
      { userId: SECOND_DRIVER_ID, paymentMethodId: "pm_card_1002" },
      "CANNOT_USE_PAYMENT_METHOD",
    );
    const running = (
      await bench.emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`)
    ).body.data[0];
    await bench.emu.call("POST", `/__emulator/sessions/${running.id}/stop`);
    await refusedWith(
      CP.zuidas,
      3,
      { userId: DEMO_DRIVER_ID, paymentMethodId: "pm_card_1001_2" },
      "CANNOT_USE_EXPIRED_PAYMENT_METHOD",
    );
  });

  it("PAYMENT_NO_FUNDS for a balance below the minimum; the minimum is a setting", async () => {
    await refusedWith(CP.zuidas, 3, { userId: NEW_DRIVER_ID }, "PAYMENT_NO_FUNDS");
    await refusedWith(CP.zuidas, 3, { userId: NEW_DRIVER_ID, paymentMethodId: null }, "PAYMENT_NO_FUNDS");
    await bench.settings({ startMinimumBalance: 20 });
    await refusedWith(CP.zuidas, 3, { userId: SECOND_DRIVER_ID }, "PAYMENT_NO_FUNDS");
    await bench.settings({ startMinimumBalance: 0 });
    expect((await bench.start(CP.zuidas, 3, { userId: NEW_DRIVER_ID })).success).toBe(true);
  });

  it("EVSE not available while it finishes after a stop, then free again", async () => {
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    bench.advance(5 * MINUTE);
    await post(stopPath(CP.zuidas, sessionId), {});
    await refusedWith(CP.zuidas, 3, { userId: NEW_DRIVER_ID, paymentMethodId: null });
    bench.advance(30_000);
    await bench.settings({ startMinimumBalance: 0 });
    expect((await bench.start(CP.zuidas, 3, { userId: NEW_DRIVER_ID })).success).toBe(true);
  });
});

describe("two starts at once", () => {
  it("make one session: the second identical start is refused as the first left the driver", async () => {
    const body = { userId: SECOND_DRIVER_ID, idTag: "TWICE" };
    const answers = await Promise.all([post(startPath(CP.zuidas, 3), body), post(startPath(CP.zuidas, 3), body)]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.find((a) => !a.body.success)?.body.errorCode).toBe("SESSION_ALREADY_RUNNING");
    expect(await runningOf(SECOND_DRIVER_ID)).toBe(1);
  });

  it("by two drivers on one EVSE make one session: the other finds it taken", async () => {
    await bench.settings({ startMinimumBalance: 0 });
    const answers = await Promise.all([
      post(startPath(CP.zuidas, 3), { userId: SECOND_DRIVER_ID }),
      post(evseStartPath(50203), { userId: NEW_DRIVER_ID }),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.find((a) => !a.body.success)?.body.errorCode).toBe("SESSION_EXISTS");
  });
});

describe("HTTP answers of the start actions", () => {
  it("404 for an unknown charge point, a network id the charge point lacks (the EVSE's id is not its network id) or an unknown EVSE", async () => {
    const body = { userId: SECOND_DRIVER_ID };
    expect((await post(startPath(4242, 1), body)).status).toBe(404);
    expect((await post(startPath(CP.zuidas, 5), body)).status).toBe(404);
    expect((await post(startPath(CP.zuidas, 50203), body)).status).toBe(404);
    expect((await post(evseStartPath(99999), body)).status).toBe(404);
    expect((await post(evseStartPath("abc"), body)).status).toBe(404);
  });

  it("422 naming each bad field: user, payment method of another driver, empty idTag, connector, booking", async () => {
    const missing = await post(startPath(CP.zuidas, 3), {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty("userId");
    const bad = await post(startPath(CP.zuidas, 3), {
      userId: SECOND_DRIVER_ID,
      paymentMethodId: "pm_card_1001",
      idTag: "",
      connectorId: 501011,
      bookingId: 7,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["bookingId", "connectorId", "idTag", "paymentMethodId"]);
    const unknown = await post(evseStartPath(50203), { userId: 999_999 });
    expect(unknown.body.errors).toEqual({ userId: ["The selected user id is invalid."] });
    expect((await post(evseStartPath(50203), { userId: "1002" })).status).toBe(422);
    expect(await runningOf(SECOND_DRIVER_ID)).toBe(0);
  });

  it("403 for a read-only key and a token without the charge point actions; 429 over the rate limit", async () => {
    const body = { userId: SECOND_DRIVER_ID };
    expect((await post(startPath(CP.zuidas, 3), body, TEST_READONLY_KEY)).status).toBe(403);
    await bench.settings({ forbiddenResources: ["actions/charge-point", "actions/evse"] });
    expect((await post(startPath(CP.zuidas, 3), body)).status).toBe(403);
    expect((await post(evseStartPath(50203), body)).status).toBe(403);
    await bench.settings({ rateLimit: { limit: 1, windowMs: 60_000 } });
    await post(startPath(CP.zuidas, 3), { userId: SECOND_DRIVER_ID, paymentMethodId: "x" });
    const limited = await post(startPath(CP.zuidas, 3), body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    await bench.settings({});
    expect(await runningOf(SECOND_DRIVER_ID)).toBe(0);
  });
});

describe("stop", () => {
  it("406 with no body for a session that is over, 404 for an unknown one or one of another charge point", async () => {
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    expect((await post(stopPath(CP.westerpark, sessionId), {})).status).toBe(404);
    expect((await post(stopPath(CP.zuidas, 1), {})).status).toBe(404);
    expect((await post(stopPath(CP.zuidas, "abc"), {})).status).toBe(404);
    expect((await post(stopPath(CP.zuidas, sessionId), {})).status).toBe(202);
    const again = await post(stopPath(CP.zuidas, sessionId), {});
    expect(again.status).toBe(406);
    expect(again.text).toBe("");
  });

  it("is rejected by the charge point (406) under stopRejected, unless forced; a forced stop says force_stop", async () => {
    const { sessionId } = await bench.start(CP.zuidas, 3, { userId: SECOND_DRIVER_ID });
    await bench.settings({ stopRejected: true });
    expect((await post(stopPath(CP.zuidas, sessionId), {})).status).toBe(406);
    expect((await post(stopPath(CP.zuidas, sessionId), { force: "yes" })).status).toBe(406);
    expect((await bench.session(sessionId)).stoppedAt).toBeNull();
    expect((await post(stopPath(CP.zuidas, sessionId), { force: true })).status).toBe(202);
    expect(await bench.session(sessionId)).toMatchObject({ status: "finished", reason: "force_stop" });
  });

  it("stops a session the API did not start (the seed's running one) and frees its EVSE after it finishes", async () => {
    const running = (
      await bench.emu.call("GET", `${SESSIONS}?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`)
    ).body.data[0];
    expect((await post(stopPath(CP.westerpark, running.id), {})).status).toBe(202);
    expect(await bench.session(running.id)).toMatchObject({ status: "finished", reason: "remote" });
    expect((await bench.evse(50102)).hardwareStatus).toBe("finishing");
    bench.advance(30_000);
    expect((await bench.evse(50102)).hardwareStatus).toBe("available");
  });
});
