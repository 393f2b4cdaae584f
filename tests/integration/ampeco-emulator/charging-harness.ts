import { beforeEach, expect } from "vitest";
import { TEST_API_KEY } from "@/tests/support/platform-emulator-server";
import { SESSIONS, startAmpecoEmulator, type AmpecoEmulator } from "./harness";
import { openForSuite } from "../../support/suite-harness";

/**
 * The ampeco emulator for the charging suites (issue 38): the seed's own locations served, no notification timer, and
 * a clock the test moves. Every /public-api answer is checked against the subsets by the harness.
 */
export const CLOCK_START = Date.parse("2026-06-01T08:00:00Z");
export const EVSES_V20 = "/public-api/resources/evses/v2.0";
export const EVSES_V21 = "/public-api/resources/evses/v2.1";
export const startPath = (chargePointId: number | string, networkId: number | string) =>
  `/public-api/actions/charge-point/v1.0/${chargePointId}/start/${networkId}`;
export const stopPath = (chargePointId: number | string, sessionId: number | string) =>
  `/public-api/actions/charge-point/v1.0/${chargePointId}/stop/${sessionId}`;
export const evseStartPath = (evseId: number | string) => `/public-api/actions/evse/v1.0/${evseId}/start`;
export const paymentMethodsPath = (userId: number | string) =>
  `/public-api/resources/users/v1.0/${userId}/payment-methods`;

/** The seed's charge points in the default layout (one per location, id `locationId × 10`). */
export const CP = { westerpark: 5010, zuidas: 5020, sciencePark: 5030, haarlem: 5040 } as const;

export interface ChargingBench {
  emu: AmpecoEmulator;
  clock: { ms: number };
  advance(ms: number): void;
  settings(body: Record<string, unknown>): Promise<void>;
  start(chargePointId: number, networkId: number, body: Record<string, unknown>): Promise<Record<string, any>>;
  session(id: number | string, query?: string): Promise<Record<string, any>>;
  evse(id: number): Promise<Record<string, any>>;
  /** A call whose answer the subsets do not declare (the harness would refuse to check it): status and body text. */
  unchecked(
    method: string,
    path: string,
    init?: { body?: string; contentType?: string },
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export async function startChargingBench(): Promise<ChargingBench> {
  const clock = { ms: CLOCK_START };
  const emu = await startAmpecoEmulator({ now: () => new Date(clock.ms), notificationTickMs: 0, seedLocations: true });
  return {
    emu,
    clock,
    close: () => emu.close(),
    advance: (ms) => {
      clock.ms += ms;
    },
    settings: async (body) => {
      const answer = await emu.call("PUT", "/__emulator/settings", { body });
      expect(answer.status, answer.text).toBe(200);
    },
    start: async (chargePointId, networkId, body) => {
      const answer = await emu.call("POST", startPath(chargePointId, networkId), { body });
      expect(answer.status, answer.text).toBe(202);
      return answer.body;
    },
    session: async (id, query = "") => {
      const answer = await emu.call("GET", `${SESSIONS}/${id}${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    },
    unchecked: async (method, path, init = {}) => {
      const headers: Record<string, string> = { authorization: `Bearer ${TEST_API_KEY}`, accept: "application/json" };
      if (init.contentType) headers["content-type"] = init.contentType;
      const answer = await fetch(`${emu.url}${path}`, { method, headers, body: init.body });
      return { status: answer.status, text: await answer.text() };
    },
    evse: async (id) => {
      const answer = await emu.call("GET", `${EVSES_V20}/${id}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    },
  };
}

/** Resets the emulator to the seed, its settings and the clock. */
/** The bench for a suite: started once, back at the seed and CLOCK_START before each test. */
export function chargingBenchForSuite(): ChargingBench {
  const bench = openForSuite(startChargingBench);
  beforeEach(() => resetBench(bench));
  return bench;
}

export async function resetBench(bench: ChargingBench) {
  bench.clock.ms = CLOCK_START;
  bench.emu.emulator.reset();
  // The charging suites count the tenant's own network; partners' sites (listed by default) have their own tests.
  await bench.settings({ roamingLocations: false });
}
