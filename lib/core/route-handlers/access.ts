import "server-only";
import { AccessDeniedError, authorizeDriver, authorizeStaff, type DriverViewer } from "@/lib/core/auth/guards";
import type { Role } from "@/lib/core/auth/roles";
import { getViewer, type Viewer } from "@/lib/core/auth/viewer";
import type { MessageKey } from "@/lib/core/i18n/translator";
import type { RouteAudit } from "./route-handler";

/**
 * Who may call a route handler, for `routeHandler({access})`: each returns the caller or throws
 * AccessDeniedError, which the helper answers with 401/403 and no data.
 */

/** The words (a catalogue key) for a signed-in account that has no charging account yet. */
export const NOT_LINKED: MessageKey = "access.notLinked";
/**
 * The words (a catalogue key) for a signed-in driver whose platform user is gone (deleted or
 * unlinked): nothing to retry. A route's `words.notFound`.
 */
export const DRIVER_ACCOUNT_GONE: MessageKey = "access.driverAccountGone";

/** A driver's route handlers are built from this (tests pass their own): the sign-in check, which throws AccessDeniedError. */
export interface DriverRouteAccess {
  authorize: () => Promise<{ platformUserId: number; userId?: string }>;
}

/** The signed-in driver with a charging account. */
export async function signedInDriver(): Promise<DriverViewer> {
  try {
    return await authorizeDriver();
  } catch (error) {
    if (error instanceof AccessDeniedError && error.status === 403) throw new AccessDeniedError(403, NOT_LINKED);
    throw error;
  }
}

/** Support staff (or admins, with "admin"). */
export function staffMember(minimum: Exclude<Role, "driver">): () => Promise<Viewer> {
  return () => authorizeStaff(minimum);
}

/** Any signed-in account, driver or staff, whatever its session (passkey enrolment needs no passkey). */
export async function signedInAccount(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AccessDeniedError(401);
  return viewer;
}

/** Anyone at all: the route has no private data (health, Auth.js's own endpoints). */
export async function anyone(): Promise<null> {
  return null;
}

/** A staff handler about one driver (`/api/admin/users/{id}/…`): its refusals audited under `action` on that driver. */
export function driverAudit(
  action: string,
  detailsOf?: (raw: Record<string, unknown>) => Record<string, unknown>,
): RouteAudit {
  return {
    action,
    target: (raw) => ({
      targetPlatformUserId: typeof raw.id === "string" && /^\d{1,9}$/.test(raw.id) ? Number(raw.id) : null,
      details: detailsOf?.(raw),
    }),
  };
}
