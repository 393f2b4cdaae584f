import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { emailSchema } from "@/lib/auth/schemas";
import { getDb, type Database } from "@/lib/db/client";
import { emailChanges, sessions, users } from "@/lib/db/schema";
import { getPlatform } from "@/lib/platform";
import { PlatformValidationError } from "@/lib/platform/errors";

/** The new address belongs to another account; the old address stays active. */
export class EmailTakenError extends Error {
  constructor() {
    super("This e-mail address is already used by another account. Your current address stays active.");
    this.name = "EmailTakenError";
  }
}

/** The new address is the one the account already has. */
export class EmailUnchangedError extends Error {
  constructor() {
    super("This is already the e-mail address of the account.");
    this.name = "EmailUnchangedError";
  }
}

/** Refuses an address another portal account (staff, or another driver) already signs in with. */
export async function assertNoOtherPortalAccountHas(
  db: Database,
  email: string,
  ownUserId: string | null,
): Promise<void> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(ownUserId ? and(eq(users.email, email), ne(users.id, ownUserId)) : eq(users.email, email));
  if (holder) throw new EmailTakenError();
}

/** Asks the platform to move the user; its "already in use" answer becomes EmailTakenError. */
export async function changePlatformEmail(platformUserId: number, email: string): Promise<void> {
  try {
    await getPlatform().users.changeEmail(platformUserId, email);
  } catch (error) {
    if (error instanceof PlatformValidationError && isTakenAnswer(error)) throw new EmailTakenError();
    throw error;
  }
}

/**
 * Staff change the TARGET driver's e-mail (a staff action, audited by the caller): on the platform
 * first (it owns the address and refuses one that is taken, 422), then on the portal account linked
 * to that platform user, so the portal's e-mail sign-in follows the new address. A portal account
 * that already owns the address is refused before the platform is asked, so the two never disagree.
 *
 * The new address is not proven by anyone: the account loses its verified mark (a staff grant then
 * needs a sign-in to that address first), is marked as having its address through a change (never
 * an ADMIN_EMAILS bootstrap), and every session of the driver ends, so only someone who can read the
 * new address gets back in.
 */
export async function changeDriverEmail(platformUserId: number, newEmail: string): Promise<void> {
  const email = emailSchema.parse(newEmail);
  const db = await getDb();

  const [linked] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.platformUserId, platformUserId));
  if (linked?.email === email) throw new EmailUnchangedError();
  await assertNoOtherPortalAccountHas(db, email, linked?.id ?? null);

  await changePlatformEmail(platformUserId, email);

  // A driver who never signed in has no portal account yet: sign-in links by e-mail later.
  if (!linked) return;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ email, emailVerified: null, emailChangedAt: new Date() })
      .where(eq(users.id, linked.id));
    await tx.delete(sessions).where(eq(sessions.userId, linked.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, linked.id));
  });
}

/**
 * The spec's 422 means "already in use". Its body shape is not given, so a bare 422 counts as taken;
 * one that names another problem with the address (format, length) is passed on as a field error.
 */
function isTakenAnswer(error: PlatformValidationError): boolean {
  const messages = Object.values(error.fieldErrors).flat();
  if (messages.length === 0) return true;
  const aboutEmail = error.fieldErrors.email ?? [];
  return aboutEmail.some((m) => /taken|exist|in use|already/i.test(m));
}
