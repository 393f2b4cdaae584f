import "server-only";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { ExpectedError } from "@/lib/core/errors";
import { and, eq, isNull, ne } from "drizzle-orm";
import { isStaff } from "@/lib/core/auth/roles";
import { emailSchema } from "@/lib/core/auth/schemas";
import { getDb, type Database, type Transaction } from "@/lib/core/db/client";
import { emailChanges, passkeyChallenges, passkeys, sessions, users } from "@/lib/core/db/schema";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAccount } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { emailChangedNoticeMail } from "./mails";
import { ACCOUNT_ERROR_STATUS } from "./shared";
import { getPlatform } from "@/lib/platform";
import { PlatformValidationError } from "@/lib/platform/errors";

/** The new address belongs to another account; the old address stays active. */
export class EmailTakenError extends ExpectedError {
  constructor() {
    super(
      "taken",
      "profile.emailLink.taken",
      {},
      "This e-mail address is already used by another account. Your current address stays active.",
    );
    this.name = "EmailTakenError";
  }
}

/** The new address is the one the account already has. */
export class EmailUnchangedError extends ExpectedError {
  constructor() {
    super("unchanged", "profile.emailChange.unchanged", {}, "This is already the e-mail address of the account.");
    this.name = "EmailUnchangedError";
  }
}

/** The account holds a staff role: its address changes only on the staff page, by an admin. */
export class StaffEmailChangeError extends ExpectedError {
  constructor() {
    super(
      "staff",
      "profile.emailChange.staff",
      {},
      "The address of a staff account changes only on the staff page, by an admin.",
      ACCOUNT_ERROR_STATUS.staff,
    );
    this.name = "StaffEmailChangeError";
  }
}

/**
 * Moves an account to a new address; whoever holds it starts over as a driver: sessions, passkeys, change links and any
 * staff role go. A role comes back only through an admin.
 */
export async function moveAccountToAddress(
  tx: Transaction,
  userId: string,
  email: string,
  { verifiedAt, at }: { verifiedAt: Date | null; at: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      email,
      emailVerified: verifiedAt,
      emailChangedAt: at,
      role: "driver",
      staffEnrolEmail: null,
      staffGrantedAt: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
  await tx.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

/**
 * Tells the old address that the account moved, naming support, so a takeover does not go unnoticed.
 * The change is made by then: a lost notice is logged, not answered as a failure.
 */
export async function mailOldAddressOfChange(
  db: Database,
  userId: string,
  oldEmail: string,
  newEmail: string,
): Promise<void> {
  try {
    const locale = await mailLocaleOfAccount(userId, { db });
    await sendMail(emailChangedNoticeMail(locale, oldEmail, newEmail, getConfig().mail.supportEmail));
  } catch (error) {
    logger("email").error("the change notice to the old address could not be sent", error);
  }
}

/** Whether another portal account (staff, or another driver) already signs in with the address. */
export async function otherPortalAccountHas(db: Database, email: string, ownUserId: string | null): Promise<boolean> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(ownUserId ? and(eq(users.email, email), ne(users.id, ownUserId)) : eq(users.email, email));
  return holder !== undefined;
}

/** Refuses an address another portal account (staff, or another driver) already signs in with. */
export async function assertNoOtherPortalAccountHas(
  db: Database,
  email: string,
  ownUserId: string | null,
): Promise<void> {
  if (await otherPortalAccountHas(db, email, ownUserId)) throw new EmailTakenError();
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
 * Staff change a driver's e-mail: platform first (it refuses a taken one), then the linked portal account. Staff
 * accounts are refused; the rest: docs/design-notes.md#libfeaturesaccountsemailts.
 */
export async function changeDriverEmail(platformUserId: number, newEmail: string): Promise<void> {
  const email = emailSchema.parse(newEmail);
  const db = await getDb();

  const [linked] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.platformUserId, platformUserId));
  if (linked?.email === email) throw new EmailUnchangedError();
  if (linked && isStaff(linked.role)) throw new StaffEmailChangeError();
  await assertNoOtherPortalAccountHas(db, email, linked?.id ?? null);

  await changePlatformEmail(platformUserId, email);

  // A driver who never signed in has no portal account yet: sign-in links by e-mail later.
  if (!linked) return;
  await db.transaction((tx) => moveAccountToAddress(tx, linked.id, email, { verifiedAt: null, at: new Date() }));
  await announceSessionsEnded(db, linked.id);
}

/**
 * The contract's 422 means "already in use". Its body shape is not given, so a bare 422 counts as taken;
 * one that names another problem with the address (format, length) is passed on as a field error.
 */
function isTakenAnswer(error: PlatformValidationError): boolean {
  const messages = Object.values(error.fieldErrors).flat();
  if (messages.length === 0) return true;
  const aboutEmail = error.fieldErrors.email ?? [];
  return aboutEmail.some((m) => /taken|exist|in use|already/i.test(m));
}
