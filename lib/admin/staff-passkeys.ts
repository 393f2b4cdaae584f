import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { passkeys, sessions, users } from "@/lib/db/schema";
import { RoleChangeRefusedError } from "./roles";

/**
 * An admin resets a staff member's passkeys (a lost device, a departure): every passkey of theirs
 * is deleted and their passkey sessions end, so they must sign in by e-mail link and enrol again
 * on /admin/security. Their passkey-less sessions stay; they reach only that page anyway.
 */
export async function resetStaffPasskeys(email: string): Promise<{ removed: number }> {
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), inArray(users.role, ["support", "admin"])));
  if (!member) throw new RoleChangeRefusedError("not-staff", `${email} is not a staff account.`);
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, member.id)).returning({ id: passkeys.id });
  await db.delete(sessions).where(and(eq(sessions.userId, member.id), eq(sessions.signInMethod, "passkey")));
  return { removed: removed.length };
}
