import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformEmulator, type PlatformEmulator } from "@/emulators/platform";
import { TEST_API_KEY, TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";

/**
 * Issue 38: random paths, bodies and queries on the charging routes of the emulator, in process: never a 5xx, and a
 * session only from a start answered `success: true`.
 */
const RUNS = 300;
let emulator: PlatformEmulator;
beforeAll(() => {
  emulator = createPlatformEmulator({
    dialect: "ampeco",
    apiKey: TEST_API_KEY,
    readOnlyKey: TEST_READONLY_KEY,
    seedLocations: true,
    notificationTickMs: 0,
  });
});
afterAll(() => emulator.stop());

const id = fc.oneof(
  fc.constantFrom("5010", "5020", "1", "2", "3", "50203", "1002", "70001", "0", "-1", "1e3", "%ZZ", "99999999999"),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const path = fc.oneof(
  fc.tuple(id, id).map(([cp, evse]) => `/public-api/actions/charge-point/v1.0/${cp}/start/${evse}`),
  fc.tuple(id, id).map(([cp, session]) => `/public-api/actions/charge-point/v1.0/${cp}/stop/${session}`),
  id.map((evse) => `/public-api/actions/evse/v1.0/${evse}/start`),
  id.map((evse) => `/public-api/resources/evses/v2.0/${evse}`),
  id.map((user) => `/public-api/resources/users/v1.0/${user}/payment-methods`),
  fc.tuple(id, id).map(([user, method]) => `/public-api/resources/users/v1.0/${user}/payment-methods/${method}`),
  id.map((tariff) => `/public-api/resources/tariffs/v1.0/${tariff}`),
  id.map((snapshot) => `/public-api/resources/tariff-snapshots/v1.0/${snapshot}`),
  id.map((receipt) => `/public-api/resources/receipts/v2.0/${receipt}`),
);
const query = fc.dictionary(
  fc.constantFrom(
    "filter[physicalReference]",
    "filter[chargePointId]",
    "filter[userId]",
    "filter[tariffGroupId]",
    "per_page",
    "page",
    "cursor",
    "withPriceBreakdown",
  ),
  fc.string({ maxLength: 10 }),
);
const value = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.double(),
  fc.object(),
);
const body = fc.oneof(
  fc
    .record(
      {
        userId: fc.oneof(fc.constantFrom(1001, 1002, 1003), value),
        paymentMethodId: fc.oneof(fc.constantFrom("pm_card_1001", "pm_card_1002", ""), value),
        idTag: value,
        externalSessionId: value,
        connectorId: value,
        bookingId: value,
        chargingProfile: value,
        force: value,
      },
      { requiredKeys: [] },
    )
    .map((record) => JSON.stringify(record)),
  fc.string({ maxLength: 30 }),
  fc.constantFrom("", "[]", "null", "{", "1"),
);

const sessionCount = async () =>
  (await (await emulator.handle(new Request("http://emu/__emulator/state"))).json()).sessionCount as number;

describe("the charging routes under random input", () => {
  it(`answer below 500 and start a session only with success: true (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("GET", "POST", "PATCH"), path, query, body, async (method, p, q, b) => {
        const url = new URL(`http://emu${p}`);
        for (const [key, v] of Object.entries(q)) url.searchParams.set(key, v);
        const before = await sessionCount();
        const answer = await emulator.handle(
          new Request(url, {
            method,
            headers: { authorization: `Bearer ${TEST_API_KEY}`, "content-type": "application/json" },
            body: method === "GET" ? undefined : b,
          }),
        );
        expect(answer.status).toBeLessThan(500);
        const text = await answer.text();
        const started = answer.status === 202 && text.includes('"success":true');
        expect(await sessionCount()).toBe(before + (started ? 1 : 0));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the contract dialect", () => {
  it("has none of the charging routes: each is a 404, and nothing starts", async () => {
    const contract = createPlatformEmulator({
      apiKey: TEST_API_KEY,
      readOnlyKey: TEST_READONLY_KEY,
      seedLocations: true,
    });
    const paths = [
      "/public-api/actions/charge-point/v1.0/5020/start/3",
      "/public-api/actions/evse/v1.0/50203/start",
      "/public-api/actions/charge-point/v1.0/5020/stop/70001",
    ];
    for (const p of paths) {
      const answer = await contract.handle(
        new Request(`http://emu${p}`, {
          method: "POST",
          headers: { authorization: `Bearer ${TEST_API_KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ userId: 1002 }),
        }),
      );
      expect(answer.status).toBe(404);
    }
    for (const p of [
      "/public-api/resources/evses/v2.0",
      "/public-api/resources/tariffs/v1.0",
      "/public-api/resources/receipts/v2.0",
    ]) {
      const answer = await contract.handle(
        new Request(`http://emu${p}`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } }),
      );
      expect(answer.status).toBe(404);
    }
    contract.stop();
  });
});
