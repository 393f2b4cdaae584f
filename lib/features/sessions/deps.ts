import "server-only";
import { getDb, type Database } from "@/lib/core/db/client";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import { logger } from "@/lib/core/log";

const log = logger("sessions");

/**
 * What the session functions need from the outside. The app uses the configured platform and the
 * app database; integration tests pass an emulator-backed client and a test database.
 */
export interface SessionDeps {
  /** `money` (ampeco only) for the expense pack's invoices. */
  platform: Pick<PlatformClient, "sessions" | "users" | "locations" | "money" | "tenant" | "charging">;
  getDb: () => Promise<Database>;
  now: () => Date;
}

export function defaultSessionDeps(): SessionDeps {
  return { platform: getPlatform(), getDb, now: () => new Date() };
}

/** Logs a failure without personal data (the logger redacts; platform errors name only endpoint and status). */
export function logSessionError(what: string, error: unknown): void {
  log.error(`${what} failed`, error);
}
