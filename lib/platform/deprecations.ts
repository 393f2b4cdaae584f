import "server-only";
import { logger } from "@/lib/core/log";
import { observeDeprecation } from "@/lib/core/observability/metrics";
import type { DeprecationNotice } from "./request";

/**
 * Operations signal: the platform answered an endpoint with `Deprecation`/`Sunset` headers. One
 * warning per endpoint per process (not per call), and a list for the staff health view.
 */
export interface DeprecatedEndpoint {
  endpoint: string;
  path: string;
  deprecation: string | null;
  sunset: string | null;
  firstSeenAt: string;
}

const holder = globalThis as unknown as { __driverPortalDeprecations?: Map<string, DeprecatedEndpoint> };
const seen = () => (holder.__driverPortalDeprecations ??= new Map());

const warnOperators = (line: string) => logger("platform").warn(line);

export function recordDeprecation(
  notice: DeprecationNotice,
  warn: (line: string) => void = warnOperators,
  now: () => Date = () => new Date(),
): void {
  // Every answer sets the gauges (a later Sunset may move); the warning is once per endpoint.
  observeDeprecation(notice.endpoint, notice.sunset);
  if (seen().has(notice.endpoint)) return;
  seen().set(notice.endpoint, {
    endpoint: notice.endpoint,
    path: notice.path,
    deprecation: notice.deprecation,
    sunset: notice.sunset,
    firstSeenAt: now().toISOString(),
  });
  warn(
    `deprecated: ${notice.endpoint} (${notice.path}) answers Deprecation=${notice.deprecation ?? "-"} Sunset=${notice.sunset ?? "-"}; move off it before that date`,
  );
}

export function listDeprecations(): DeprecatedEndpoint[] {
  return [...seen().values()];
}

/** Tests only: forget what was seen. */
export function clearDeprecations(): void {
  seen().clear();
}
