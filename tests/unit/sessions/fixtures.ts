import type { ChargingSession } from "@/lib/platform/types";

/** A finished session as the list returns it (local times only); override what a test is about. */
export function session(overrides: Partial<ChargingSession> = {}): ChargingSession {
  return {
    id: "70001",
    startedAt: null,
    startedAtLocal: "2026-03-14T18:02:11+01:00",
    stoppedAt: null,
    stoppedAtLocal: "2026-03-14T19:47:41+01:00",
    energyWh: 12345,
    amount: 4.81,
    status: "finished",
    evseId: 50102,
    locationId: 501,
    isRunning: false,
    ...overrides,
  };
}

export function running(overrides: Partial<ChargingSession> = {}): ChargingSession {
  return session({
    stoppedAt: null,
    stoppedAtLocal: null,
    status: "charging",
    isRunning: true,
    energyWh: 2836,
    amount: 1.11,
    ...overrides,
  });
}
