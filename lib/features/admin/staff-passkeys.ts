import "server-only";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { passkeyChallenges, passkeys, sessions, users } from "@/lib/core/db/schema";
import { RoleChangeRefusedError } from "./roles";

/**
 * Deletes every passkey and ends every session, link sessions too: an older link session (perhaps an intruder's) must
 * not enrol the next passkey.
 */
export async function resetStaffPasskeys(email: string): Promise<{ removed: number }> {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), inArray(users.role, ["support", "admin"])));
  if (!member) throw new RoleChangeRefusedError("not-staff", "admin.roles.refused.notStaffAccount", { email });
  const outcome = await db.transaction(async (tx) => {
    const removed = await tx.delete(passkeys).where(eq(passkeys.userId, member.id)).returning({ id: passkeys.id });
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    // The next passkey comes from a link to the address the account has now.
    await tx
      .update(users)
      .set({ staffEnrolEmail: member.email, staffGrantedAt: sql`now()` })
      .where(eq(users.id, member.id));
    await tx
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.userId, member.id), eq(passkeyChallenges.purpose, "register")));
    return { removed: removed.length };
  });
  await announceSessionsEnded(db, member.id);
  return outcome;
}
