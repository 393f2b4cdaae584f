import "server-only";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { newLinkToken } from "@/lib/features/accounts/link-token";
import { claimLink, linkRow, spentLink } from "./link-rows";
import { emailSchema } from "@/lib/core/auth/schemas";
import { getDb, type Database } from "@/lib/core/db/client";
import { isStaff, type Role } from "@/lib/core/auth/roles";
import { emailChanges, users } from "@/lib/core/db/schema";
import { mailLocaleOfAccount, mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { emailChangeConfirmMail, emailTakenNoticeMail } from "./mails";
import { getPlatform } from "@/lib/platform";
import {
  assertNoOtherPortalAccountHas,
  changePlatformEmail,
  EmailTakenError,
  EmailUnchangedError,
  mailOldAddressOfChange,
  moveAccountToAddress,
  otherPortalAccountHas,
  StaffEmailChangeError,
} from "./email";

/**
 * A driver's e-mail change in two steps: mail a link to the NEW address, then follow it signed in to the same account.
 * Why both: docs/design-notes.md#libfeaturesaccountsemail-changets.
 */

export const EMAIL_CHANGE_LINK_MINUTES = 60;
export const EMAIL_CHANGE_CONFIRM_PATH = "/account/email/confirm";

export interface EmailChangeAccount {
  userId: string;
  email: string;
  platformUserId: number;
  role: Role;
}

/**
 * Records the change and mails the link (only the newest works). A taken address gets the same answer, and its owner a
 * note instead of a link: the form tells nobody who has an account.
 */
export async function requestEmailChange(
  account: EmailChangeAccount,
  rawEmail: string,
  origin: string,
): Promise<{ newEmail: string }> {
  const email = emailSchema.parse(rawEmail);
  if (isStaff(account.role)) throw new StaffEmailChangeError();
  if (email === account.email.toLowerCase()) throw new EmailUnchangedError();
  const db = await getDb();
  const taken = await heldByAnotherAccount(db, email, account);
  const { token, tokenHash } = newLinkToken();
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, account.userId), isNull(emailChanges.usedAt)));
    // A taken address is recorded too (its token is never mailed), so the overview's notice tells nobody it is taken.
    await tx.insert(emailChanges).values({
      userId: account.userId,
      newEmail: email,
      tokenHash,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_MINUTES * 60_000),
    });
  });
  if (taken) {
    await sendMail(emailTakenNoticeMail(await mailLocaleOfAddress(email, { db }), email));
    return { newEmail: email };
  }
  const url = `${origin}${EMAIL_CHANGE_CONFIRM_PATH}?token=${token}`;
  // The new address is the same person's: the mail speaks the account's language.
  const locale = await mailLocaleOfAccount(account.userId, { db });
  await sendMail(emailChangeConfirmMail(locale, email, url, EMAIL_CHANGE_LINK_MINUTES));
  return { newEmail: email };
}

async function heldByAnotherAccount(db: Database, email: string, account: EmailChangeAccount): Promise<boolean> {
  if (await otherPortalAccountHas(db, email, account.userId)) return true;
  const onPlatform = await getPlatform().users.findUserByEmail(email);
  return onPlatform !== null && onPlatform.id !== account.platformUserId;
}

/** The newest change still waiting for its link, for the account overview's notice; null when none. */
export async function pendingEmailChangeOf(
  userId: string,
  now = new Date(),
): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const [row] = await (
    await getDb()
  )
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ?? null;
}

export type EmailChangeLinkState =
  { status: "pending"; newEmail: string } | { status: "invalid" | "expired" | "used" | "other-account" };

/** What a link is, for the page that shows it: never a throw, whatever the URL holds. */
export async function inspectEmailChangeLink(
  userId: string,
  rawToken: unknown,
  now = new Date(),
): Promise<EmailChangeLinkState> {
  const row = await linkRow(emailChanges, rawToken);
  if (!row) return { status: "invalid" };
  if (row.userId !== userId) return { status: "other-account" };
  const spent = spentLink(row, now);
  return spent ? { status: spent } : { status: "pending", newEmail: row.newEmail };
}

export type EmailChangeOutcome =
  | { status: "changed"; from: string; to: string }
  | { status: "invalid" | "expired" | "used" | "other-account" | "taken" };

export type EmailChangeLinkProblem = Exclude<EmailChangeOutcome["status"], "changed">;

const EMAIL_CHANGE_LINK_KEYS = {
  invalid: "profile.emailLink.invalid",
  expired: "profile.emailLink.expired",
  used: "profile.emailLink.used",
  "other-account": "profile.emailLink.otherAccount",
  taken: "profile.emailLink.taken",
} as const satisfies Record<EmailChangeLinkProblem, string>;

/** The key of what a driver reads for a link that changes nothing, on the link page and after confirming. */
export function emailChangeLinkKey(problem: EmailChangeLinkProblem) {
  return EMAIL_CHANGE_LINK_KEYS[problem];
}

/**
 * Claims the token first (two clicks cannot both change), given back only when the platform was unreachable. Ends every
 * session and removes passkeys; a staff account by now changes nothing.
 */
export async function confirmEmailChange(
  account: EmailChangeAccount,
  rawToken: unknown,
  now = new Date(),
): Promise<EmailChangeOutcome> {
  const { token, claimed } = await claimLink(emailChanges, rawToken, now, eq(emailChanges.userId, account.userId));
  if (!token) return { status: "invalid" };
  if (!claimed) {
    const state = await inspectEmailChangeLink(account.userId, token, now);
    return state.status === "pending" ? { status: "used" } : state;
  }
  const db = await getDb();
  const release = () => db.update(emailChanges).set({ usedAt: null }).where(eq(emailChanges.id, claimed.id));

  const newEmail = claimed.newEmail;
  const [own] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, account.userId));
  if (own && isStaff(own.role)) throw new StaffEmailChangeError();
  const oldEmail = own?.email ?? account.email;
  try {
    await assertNoOtherPortalAccountHas(db, newEmail, account.userId);
    await changePlatformEmail(account.platformUserId, newEmail);
  } catch (error) {
    if (error instanceof EmailTakenError) return { status: "taken" };
    await release();
    throw error;
  }

  // The link just proved the address; it came through a change, so ADMIN_EMAILS never applies to it.
  await db.transaction((tx) => moveAccountToAddress(tx, account.userId, newEmail, { verifiedAt: now, at: now }));
  await announceSessionsEnded(db, account.userId);
  await mailOldAddressOfChange(db, account.userId, oldEmail, newEmail);
  return { status: "changed", from: oldEmail, to: newEmail };
}
