import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/core/audit";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { staffInvites, users } from "@/lib/core/db/schema";
import { getPlatform } from "@/lib/platform";
import { afterStaffGrant, applyStaffGrant, newestLinkSessionOpenedAt } from "./staff-grant";

/**
 * After a verified sign-in: only now are roles handed out by address (docs/design-notes.md#libcoreauthlink-accountts).
 * ADMIN_EMAILS never bootstraps an account whose address came through a change.
 */
export async function completeVerifiedSignIn(userId: string, email: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row?.email) return;
  const address = row.email.toLowerCase();
  // Auth.js looks the account up by the link's address, so the two agree; if not, the link proved nothing here.
  if (address !== email.toLowerCase()) return;

  // The link session opening now is the grant's own: sessions and passkeys from before it go (issue 33, R4-2).
  const grantedAt = await newestLinkSessionOpenedAt(db, userId);
  const account = { id: userId, email: address };
  const [invite] = await db.delete(staffInvites).where(eq(staffInvites.email, address)).returning();
  if (invite && row.role !== "admin") {
    await db.transaction((tx) => applyStaffGrant(tx, account, invite.role, grantedAt));
    await afterStaffGrant(db, account, invite.role);
    await recordAudit({
      actor: { userId, email: address },
      action: "role.invite.redeem",
      outcome: "success",
      details: { role: invite.role, invitedBy: invite.invitedByEmail },
    });
    return;
  }
  if (getConfig().auth.adminEmails.includes(address) && row.emailChangedAt === null) {
    if (row.role !== "admin") {
      await db.transaction((tx) => applyStaffGrant(tx, account, "admin", grantedAt));
      await afterStaffGrant(db, account, "admin");
    } else if (row.staffEnrolEmail !== address || row.staffGrantedAt === null) {
      await db
        .update(users)
        .set({ staffEnrolEmail: address, staffGrantedAt: grantedAt ?? new Date() })
        .where(eq(users.id, userId));
    }
    return;
  }
  await linkPortalAccount(userId, address);
}

/**
 * Links a driver account to the platform user with its e-mail. Hands out no role: later calls prove nothing about the
 * address. Staff accounts are never linked.
 */
export async function linkPortalAccount(userId: string, email: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return;
  if (row.role !== "driver" || row.platformUserId !== null) return;

  const platformUser = await getPlatform().users.findUserByEmail(email.toLowerCase());
  // A disabled user (support blocked it, or its account was deleted) is never linked to a new account.
  if (!platformUser || platformUser.disabled) return;
  await db
    .update(users)
    .set({
      platformUserId: platformUser.id,
      name: [platformUser.firstName, platformUser.lastName].filter(Boolean).join(" ") || null,
    })
    .where(eq(users.id, userId));
}
