import "server-only";
import { forbidden, notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/core/db/client";
import { eq } from "drizzle-orm";
import { users } from "@/lib/core/db/schema";
import { linkPortalAccount } from "./link-account";
import { isStaff, type Role } from "./roles";
import { getViewer, type Viewer } from "./viewer";
import { getConfig } from "@/lib/core/config";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { AccessDeniedError, PASSKEY_SESSION_REQUIRED } from "./access-denied";

export type DriverViewer = Viewer & { platformUserId: number };

export { AccessDeniedError, PASSKEY_SESSION_REQUIRED } from "./access-denied";

/** A driver account whose sign-in could not link it yet (platform down at the time) gets one more try. */
async function withPlatformLink(viewer: Viewer): Promise<Viewer> {
  if (viewer.platformUserId !== null || viewer.role !== "driver") return viewer;
  try {
    await linkPortalAccount(viewer.userId, viewer.email);
  } catch {
    return viewer;
  }
  const db = await getDb();
  const [row] = await db
    .select({ platformUserId: users.platformUserId })
    .from(users)
    .where(eq(users.id, viewer.userId));
  return { ...viewer, platformUserId: row?.platformUserId ?? null };
}

// ---- pages and layouts: redirect or not-found ----

export async function requireDriverPage(): Promise<DriverViewer> {
  const viewer = await getViewer();
  if (!viewer) redirect("/signin");
  if (isStaff(viewer.role) && viewer.platformUserId === null) redirect("/admin");
  const linked = await withPlatformLink(viewer);
  if (linked.platformUserId === null) redirect("/account-not-linked");
  return linked as DriverViewer;
}

/** Where a staff member without a passkey session is sent: the one staff page they may use. */
export const STAFF_SECURITY_PATH = "/admin/security";

/**
 * STAFF_REQUIRE_PASSKEY: a staff session from an e-mail link must not reach staff data or actions,
 * since whoever reads a staff mailbox could otherwise become staff.
 */
export function lacksStaffPasskey(viewer: Viewer): boolean {
  return isStaff(viewer.role) && getConfig().auth.staffRequirePasskey && viewer.signInMethod !== "passkey";
}

/**
 * Staff pages and the admin layout. Without a passkey session (when required) a staff member is
 * sent to /admin/security, the page that enrols one; only that page asks with `passkey: "optional"`.
 */
export async function requireStaffPage(
  minimum: Role = "support",
  { passkey = "required" }: { passkey?: "required" | "optional" } = {},
): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect("/signin?callbackUrl=%2Fadmin");
  // Staff short of the role are told (403, app/admin/forbidden.tsx); anyone else does not learn the area exists.
  if (!hasRole(viewer, minimum)) (isStaff(viewer.role) ? forbidden : notFound)();
  if (passkey === "required" && lacksStaffPasskey(viewer)) redirect(STAFF_SECURITY_PATH);
  return viewer;
}

// ---- server actions and route handlers: throw AccessDeniedError ----

export async function authorizeDriver(): Promise<DriverViewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AccessDeniedError(401);
  const linked = await withPlatformLink(viewer);
  if (linked.platformUserId === null) throw new AccessDeniedError(403);
  return linked as DriverViewer;
}

/** Staff server actions (checkStaff) and staff route handlers (staffMember): role, then passkey session. */
export async function authorizeStaff(minimum: Role = "support"): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AccessDeniedError(401);
  if (!hasRole(viewer, minimum)) throw new AccessDeniedError(403);
  if (lacksStaffPasskey(viewer)) throw new AccessDeniedError(403, PASSKEY_SESSION_REQUIRED);
  return viewer;
}

function hasRole(viewer: Viewer, minimum: Role): boolean {
  if (minimum === "driver") return true;
  if (minimum === "support") return isStaff(viewer.role);
  return viewer.role === "admin";
}

/** What a server action returns when its caller may not run it: no data, plain words, input kept. */
export type ActionRefusal = { status: "error"; message: string; values?: Record<string, string> };

/** For driver server actions: the driver, or the refusal (in the request's language) to hand back as the action's result. */
export async function driverForAction(values?: Record<string, string>): Promise<DriverViewer | ActionRefusal> {
  try {
    return await authorizeDriver();
  } catch (error) {
    if (!(error instanceof AccessDeniedError)) throw error;
    const t = await requestTranslator();
    const message = t(error.message as MessageKey);
    return values ? { status: "error", message, values } : { status: "error", message };
  }
}

export function isRefusal(result: DriverViewer | ActionRefusal): result is ActionRefusal {
  return "status" in result;
}
