import "server-only";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { and, eq, inArray } from "drizzle-orm";
import { changePlatformEmail, mailOldAddressOfChange, moveAccountToAddress } from "@/lib/features/accounts";
import type { Viewer } from "@/lib/core/auth/viewer";
import { hasErrorCode } from "@/lib/core/errors";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { staffInvites, users } from "@/lib/core/db/schema";
import { refuseSelf, RoleChangeRefusedError, type StaffRole } from "./roles";

/**
 * The only way a staff address changes. The account becomes a driver account and its role waits in an invite for the
 * new address, so the role returns only to whoever proves that address.
 */
export async function changeStaffEmail(
  actor: Viewer,
  rawCurrent: string,
  rawNew: string,
): Promise<{ role: StaffRole }> {
  const current = rawCurrent.toLowerCase();
  const email = rawNew.toLowerCase();
  refuseSelf(actor, current, "admin.staffEmail.refused.self");
  if (email === current) throw new RoleChangeRefusedError("unchanged", "admin.staffEmail.refused.unchanged");
  if (getConfig().auth.adminEmails.includes(current))
    throw new RoleChangeRefusedError("bootstrap-admin", "admin.roles.refused.bootstrapAdmin", { email: current });

  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, role: users.role, platformUserId: users.platformUserId })
    .from(users)
    .where(and(eq(users.email, current), inArray(users.role, ["support", "admin"])));
  if (!member) throw new RoleChangeRefusedError("not-staff", "admin.roles.refused.notStaffAccount", { email: current });
  const taken = () => new RoleChangeRefusedError("taken", "admin.staffEmail.refused.taken", { email });
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [invite] = await db
    .select({ email: staffInvites.email })
    .from(staffInvites)
    .where(eq(staffInvites.email, email));
  if (holder || invite) throw taken();

  if (member.platformUserId !== null) {
    try {
      await changePlatformEmail(member.platformUserId, email);
    } catch (error) {
      throw hasErrorCode(error, "taken") ? taken() : error;
    }
  }
  const role = member.role as StaffRole;
  await db.transaction(async (tx) => {
    await moveAccountToAddress(tx, member.id, email, { verifiedAt: null, at: new Date() });
    await tx
      .insert(staffInvites)
      .values({ email, role, invitedByUserId: actor.userId, invitedByEmail: actor.email.toLowerCase() });
  });
  await announceSessionsEnded(db, member.id);
  await mailOldAddressOfChange(db, member.id, current, email);
  return { role };
}
