import "server-only";
import { eq } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { staffInvites, users } from "@/lib/core/db/schema";
import { getPlatform } from "@/lib/platform";

/** Whether a sign-in link to this address would redeem an invite (so the address may sign in). */
export async function hasPendingStaffInvite(rawEmail: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ email: staffInvites.email })
    .from(staffInvites)
    .where(eq(staffInvites.email, rawEmail.toLowerCase()));
  return row !== undefined;
}

/** The portal knows the address: a portal account, a bootstrap admin, or a pending staff invite. */
async function portalKnows(normalised: string): Promise<boolean> {
  if (getConfig().auth.adminEmails.includes(normalised)) return true;
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalised));
  return row !== undefined || (await hasPendingStaffInvite(normalised));
}

/**
 * Whether a sign-in link may be sent; a disabled platform user (a carried-out deletion) must not come back. If the
 * platform cannot be asked, the link goes anyway (docs/design-notes.md#libcoreauthknown-accountts).
 */
export async function hasAccount(email: string): Promise<boolean> {
  const normalised = email.toLowerCase();
  if (await portalKnows(normalised)) return true;
  try {
    const platformUser = await getPlatform().users.findUserByEmail(normalised);
    return platformUser !== null && !platformUser.disabled;
  } catch {
    return true;
  }
}

/**
 * Whether a sign-up must stop: the portal or the platform knows the address (disabled users too). If the platform
 * cannot be asked, it goes on: finishing asks again.
 */
export async function addressInUse(email: string): Promise<boolean> {
  const normalised = email.toLowerCase();
  if (await portalKnows(normalised)) return true;
  try {
    return (await getPlatform().users.findUserByEmail(normalised)) !== null;
  } catch {
    return false;
  }
}
