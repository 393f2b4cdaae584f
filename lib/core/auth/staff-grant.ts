import "server-only";
import { and, eq, isNull, lt, max, or, sql } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import type { Database, Transaction } from "@/lib/core/db/client";
import { passkeyChallenges, passkeys, sessions, users } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAccount } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { staffGrantMail } from "@/lib/core/auth/staff-grant-mail";
import type { Role } from "./roles";
import { announceSessionsEnded } from "./sessions-ended";

/**
 * Every staff grant (issue 33, R4-2): role, address and time of the grant, and no passkey or session from before it.
 * `grantedAt` null: now; sessions opened at or after it stay (the link sign-in redeeming an invite).
 */
export async function applyStaffGrant(
  tx: Transaction,
  account: { id: string; email: string },
  role: Exclude<Role, "driver">,
  grantedAt: Date | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ role, staffEnrolEmail: account.email, staffGrantedAt: grantedAt ?? sql`now()` })
    .where(eq(users.id, account.id));
  await tx.delete(passkeys).where(eq(passkeys.userId, account.id));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, account.id));
  const before = grantedAt ? or(isNull(sessions.createdAt), lt(sessions.createdAt, grantedAt)) : undefined;
  await tx.delete(sessions).where(and(eq(sessions.userId, account.id), before));
}

/** When the account's newest e-mail-link session was opened: the sign-in that is redeeming an invite right now. */
export async function newestLinkSessionOpenedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.signInMethod, "email")));
  return row?.at ?? null;
}

/** After the grant committed: the account's open streams end, and the account is mailed what happened and what next. */
export async function afterStaffGrant(
  db: Database,
  account: { id: string; email: string },
  role: Exclude<Role, "driver">,
): Promise<void> {
  await announceSessionsEnded(db, account.id);
  try {
    const config = getConfig();
    const locale = await mailLocaleOfAccount(account.id, { db });
    const signInUrl = `${config.auth.publicOrigin}/signin`;
    await sendMail(
      staffGrantMail(locale, account.email, { role, passkeyRequired: config.auth.staffRequirePasskey, signInUrl }),
    );
  } catch (error) {
    // The grant stands; the staff member can still read /admin/security.
    logger("auth").error("mailing a staff grant failed", error);
  }
}
