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
 * Whether a sign-in link may be sent: a portal account, a bootstrap admin, a pending staff invite
 * (only a sign-in link redeems it), or a platform user
 * not yet seen by the portal (linked on first sign-in) that the platform has not disabled: a carried-out
 * account deletion disables the user on the real platform, and must not come back as a new portal account.
 * If the platform cannot be asked, the link is sent anyway: losing a real driver's sign-in is worse than
 * a portal row that links later.
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
 * Whether a sign-up with this address must not go on: the portal knows it, or the platform has a user
 * with it (disabled ones too: the platform would not create another). If the platform cannot be asked,
 * the sign-up goes on: finishing it asks the platform again before anything is created.
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
