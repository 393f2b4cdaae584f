import { vi } from "vitest";

/**
 * Holds `Date` still (timers keep running) at 7 min 30 s past the current hour: the middle of a minute, of a
 * quarter-hour and of the first half of the hour. The portal's limits count in clock-aligned windows of those
 * lengths (lib/core/rate-limit.ts); on the real clock a test that fills one can cross a window's end and see its count
 * restart. `vi.useRealTimers()` lets the clock run again.
 */
export function holdClockStill(): void {
  const HOUR_MS = 60 * 60_000;
  vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 7.5 * 60_000 });
}
