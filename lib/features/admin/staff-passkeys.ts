import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { passkeyChallenges, passkeys, sessions, users } from "@/lib/core/db/schema";
import { RoleChangeRefusedError } from "./roles";

/**
 * An admin resets a staff member's passkeys (a lost device, a departure): every passkey of theirs
 * is deleted and every session of theirs ends, e-mail-link ones too, with any enrolment under way.
 * An older link session (perhaps an intruder's, from a mailbox read earlier) must not be the one
 * that enrols the next passkey: they sign in by e-mail link afresh and enrol on /admin/security.
 */
export async function resetStaffPasskeys(email: string): Promise<{ removed: number }> {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), inArray(users.role, ["support", "admin"])));
  if (!member) throw new RoleChangeRefusedError("not-staff", "admin.roles.refused.notStaffAccount", { email });
  return db.transaction(async (tx) => {
    const removed = await tx.delete(passkeys).where(eq(passkeys.userId, member.id)).returning({ id: passkeys.id });
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    // The next passkey comes from a link to the address the account has now.
    await tx.update(users).set({ staffEnrolEmail: member.email }).where(eq(users.id, member.id));
    await tx
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.userId, member.id), eq(passkeyChallenges.purpose, "register")));
    return { removed: removed.length };
  });
}
