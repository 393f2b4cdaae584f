import "server-only";
import { AccessDeniedError, authorizeDriver } from "@/lib/auth/guards";
import type { AuthorizeResult } from "./route-handlers";

/** The signed-in driver for a session route handler, as a result instead of a throw. */
export async function authorizeSessionsCaller(): Promise<AuthorizeResult> {
  try {
    const viewer = await authorizeDriver();
    return { ok: true, platformUserId: viewer.platformUserId };
  } catch (error) {
    if (error instanceof AccessDeniedError) return { ok: false, status: error.status };
    throw error;
  }
}
