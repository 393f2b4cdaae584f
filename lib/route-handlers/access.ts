import "server-only";
import { AccessDeniedError, authorizeDriver, authorizeStaff, type DriverViewer } from "@/lib/auth/guards";
import type { Role } from "@/lib/auth/roles";
import { getViewer, type Viewer } from "@/lib/auth/viewer";

/**
 * Who may call a route handler, for `routeHandler({access})`: each returns the caller or throws
 * AccessDeniedError, which the helper answers with 401/403 and no data.
 */

export const NOT_LINKED = "Your sign-in is not linked to a charging account yet.";
/** The words for a signed-in driver whose platform user is gone (deleted or unlinked): nothing to retry. */
export const DRIVER_ACCOUNT_GONE = "We could not find your charging account. Please contact support.";

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
