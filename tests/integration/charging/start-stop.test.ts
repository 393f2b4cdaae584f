import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { START_REFUSAL_CODES } from "@/lib/platform/types";
import { sentTo } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 38, charging from the browser on the ampeco emulator: a start pays as the driver chose and makes one session
 * however often it is sent; each refusal is its own sentence; a stop works for the driver's own session only.
 */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/core/config", async (original) =>
  (await import("../../support/config-override")).configWith(original, (config) => ({
    ...config,
    limits: { ...config.limits, chargeStartPerDriver: 40 },
  })),
);
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { startCharging, stopCharging } = await import("@/lib/features/charging");
const { getOwnedSession } = await import("@/lib/features/sessions");

const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });
/** E50101: the DC spot of charge point 5010 at location 501, free in the seed. */
const DC_SPOT = 50101;
const starts = () => sentTo(h, "POST", /\/start$/);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return `${(error as { code: string }).code} ${(error as { key: string }).key}`;
  }
  throw new Error("expected a refusal");
}

describe("starting a charge", () => {
  it("starts on the balance with the driver's id and no payment method, and the session is the driver's", async () => {
    const started = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    expect(started.alreadyRunning).toBe(false);
    // What a start costs the platform: the start alone (docs/quality.md).
    expect(h.sent).toHaveLength(1);
    expect(starts().map((s) => [s.path, s.body])).toEqual([
      [`/public-api/actions/evse/v1.0/${DC_SPOT}/start`, { userId: SECOND_DRIVER_ID, paymentMethodId: null }],
    ]);
    const session = await getOwnedSession(SECOND_DRIVER_ID, started.sessionId);
    expect(session).toMatchObject({ isRunning: true, evseId: DC_SPOT, chargePointId: 5010 });
    expect(await getOwnedSession(DEMO_DRIVER_ID, started.sessionId)).toBeNull();
  });

  it("makes one session from two starts at once and a retry: the later ones lead to the running one", async () => {
    const [first, second] = await Promise.all([
      startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" }),
      startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" }),
    ]);
    const retry = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    expect(new Set([first.sessionId, second.sessionId, retry.sessionId]).size).toBe(1);
    expect([first.alreadyRunning, second.alreadyRunning].sort()).toEqual([false, true]);
    expect(retry.alreadyRunning).toBe(true);
    // A refused second start reads the running session it leads to: the list by status (pending, then active), and
    // its place (cached per charge point for the client's life, so read here at most once).
    const reads = h.sent.filter((r) => r.method === "GET").map((r) => r.path);
    expect(reads.filter((path) => path === "/public-api/resources/sessions/v1.0")).toHaveLength(4);
    for (const place of ["/public-api/resources/charge-points/v2.0/5010", "/public-api/resources/locations/v2.0/501"])
      expect(reads.filter((path) => path === place).length).toBeLessThanOrEqual(1);
    expect(reads).toHaveLength(4 + reads.filter((path) => /charge-points|locations/.test(path)).length);
    const running = await h.client.sessions.listRunningSessions(SECOND_DRIVER_ID);
    expect(running).toHaveLength(1);
  });

  it("pays with the card the driver chose, and refuses an expired one in words", async () => {
    const methods = await h.client.charging!.listPaymentMethods(DEMO_DRIVER_ID);
    const expired = methods.find((m) => m.issuer === "mastercard")!;
    // The demo driver's seeded session runs elsewhere: the platform allows one at a time.
    const [seeded] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    expect(await stopCharging(DEMO_DRIVER_ID, seeded!.id, false)).toBe("stopped");
    expect(await codeOf(startCharging(DEMO_DRIVER_ID, { evseId: DC_SPOT, payment: expired.id! }))).toBe(
      "charging-refused charging.start.refused.CANNOT_USE_EXPIRED_PAYMENT_METHOD",
    );
    const visa = methods.find((m) => m.issuer === "visa")!;
    await startCharging(DEMO_DRIVER_ID, { evseId: DC_SPOT, payment: visa.id! });
    expect(starts().at(-1)?.body).toEqual({ userId: DEMO_DRIVER_ID, paymentMethodId: visa.id });
  });

  it("gives each documented refusal its own sentence, and starts nothing", async () => {
    for (const code of START_REFUSAL_CODES) {
      await h.control("PUT", "/settings", { startRefusal: code });
      expect(await codeOf(startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" }))).toBe(
        `charging-refused charging.start.refused.${code}`,
      );
    }
    expect(await h.client.sessions.listRunningSessions(SECOND_DRIVER_ID)).toEqual([]);
  });

  it("answers another driver's card as a way to pay that cannot be used (422), an unknown spot as gone (404)", async () => {
    const card = (await h.client.charging!.listPaymentMethods(DEMO_DRIVER_ID)).find((m) => m.kind === "card");
    expect(await codeOf(startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: card!.id! }))).toBe(
      "charging-invalid charging.start.errors.invalidPayment",
    );
    expect(await codeOf(startCharging(SECOND_DRIVER_ID, { evseId: 99_999, payment: "balance" }))).toBe(
      "charging-not-found charging.start.errors.notFound",
    );
  });

  it.each([
    [403, "charging-forbidden charging.start.errors.forbidden"],
    [429, "charging-limited platformErrors.busy"],
  ])("answers a %i on the start in words, and starts nothing", async (status, answer) => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "POST", path: "^/public-api/actions/evse/v1\\.0/\\d+/start$", status, times: 100 }],
    });
    expect(await codeOf(startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" }))).toBe(answer);
    await h.control("DELETE", "/faults");
    expect(await h.client.sessions.listRunningSessions(SECOND_DRIVER_ID)).toEqual([]);
  });

  it("when a start gets no answer (503, never retried), asks whether a charge runs, and says in words none does", async () => {
    await h.control("PUT", "/faults", {
      rules: [{ method: "POST", path: "^/public-api/actions/evse/v1\\.0/\\d+/start$", status: 503, times: 100 }],
    });
    // A 5xx on a start that is never retried: the portal asks whether a charge runs; here none does.
    expect(await codeOf(startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" }))).toBe(
      "charging-unavailable charging.start.errors.unavailable",
    );
    expect(starts()).toHaveLength(1);
    expect(sentTo(h, "GET", /\/sessions\/v1\.0$/).length).toBeGreaterThan(0);
  });
});

describe("a start whose answer is lost", () => {
  it("leads to the charge that runs: the retry of a start that went through makes no second session", async () => {
    const first = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    // The same start again, its answer lost on the way back (as if the first had been the one that timed out).
    await h.control("PUT", "/faults", {
      rules: [{ method: "POST", path: "^/public-api/actions/evse/v1\\.0/\\d+/start$", status: 503, times: 100 }],
    });
    const again = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    expect(again).toEqual({ sessionId: first.sessionId, alreadyRunning: true });
    expect(await h.client.sessions.listRunningSessions(SECOND_DRIVER_ID)).toHaveLength(1);
  });
});

describe("stopping a charge", () => {
  it("stops the driver's own session on its charge point; a second stop finds it over", async () => {
    const { sessionId } = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    expect(await stopCharging(SECOND_DRIVER_ID, sessionId, false)).toBe("stopped");
    expect(sentTo(h, "POST", /\/stop\//).map((s) => [s.path, s.body])).toEqual([
      [`/public-api/actions/charge-point/v1.0/5010/stop/${sessionId}`, { force: false }],
    ]);
    expect(await stopCharging(SECOND_DRIVER_ID, sessionId, false)).toBe("over");
  });

  it("is not found for another driver's session, and sends no stop", async () => {
    const [seeded] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    for (const id of [seeded!.id, "0", "999999999", "../1", "1e3"])
      expect(await codeOf(stopCharging(SECOND_DRIVER_ID, id, false))).toBe(
        "charging-not-found charging.stop.errors.notFound",
      );
    expect(sentTo(h, "POST", /\/stop\//)).toEqual([]);
    expect(await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID)).toHaveLength(1);
  });

  it("says so when the charge point rejects the stop; a forced stop ends it anyway", async () => {
    const { sessionId } = await startCharging(SECOND_DRIVER_ID, { evseId: DC_SPOT, payment: "balance" });
    await h.control("PUT", "/settings", { stopRejected: true });
    expect(await codeOf(stopCharging(SECOND_DRIVER_ID, sessionId, false))).toBe(
      "charging-stop-rejected charging.stop.errors.rejected",
    );
    expect(await stopCharging(SECOND_DRIVER_ID, sessionId, true)).toBe("stopped");
    expect(sentTo(h, "POST", /\/stop\//).at(-1)?.body).toEqual({ force: true });
  });
});
