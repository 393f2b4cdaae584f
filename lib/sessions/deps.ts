import "server-only";
import { getDb, type Database } from "@/lib/db/client";
import { isPlatformError } from "@/lib/platform/errors";
import { getPlatform, type PlatformClient } from "@/lib/platform";

/**
 * What the session functions need from the outside. The app uses the configured platform and the
 * app database; integration tests pass an emulator-backed client and a test database.
 */
export interface SessionDeps {
  platform: Pick<PlatformClient, "sessions" | "users" | "locations">;
  getDb: () => Promise<Database>;
  now: () => Date;
}

export function defaultSessionDeps(): SessionDeps {
  return { platform: getPlatform(), getDb, now: () => new Date() };
}

/** Logs a failure without personal data: platform errors name only endpoint and status. */
export function logSessionError(what: string, error: unknown): void {
  const detail = isPlatformError(error) ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
  console.error(`[sessions] ${what} failed: ${detail}`);
}
