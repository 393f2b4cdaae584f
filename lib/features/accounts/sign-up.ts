import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { addressInUse } from "@/lib/core/auth/known-account";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { pendingSignUps, staffInvites, users } from "@/lib/core/db/schema";
import type { Locale } from "@/lib/core/i18n/locales";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { getPlatform } from "@/lib/platform";
import { accountExistsMail, finishSignUpMail } from "./mails";
import { newLinkToken } from "@/lib/features/accounts/link-token";
import { linkRow, spentLink } from "./link-rows";
import { createDriverOnce, linkPortalUser } from "./create-driver-once";
import { SignUpRequestInput } from "./schemas";

/**
 * A sign-up proves the address before anything exists: only following the mailed link creates the platform user and
 * account. Flow: docs/design-notes.md#libfeaturesaccountssign-upts.
 */

export const SIGN_UP_LINK_HOURS = 24;
export const FINISH_SIGN_UP_PATH = "/signup/finish";

/** What is kept of the form: everything but the address (the row's key) and the password (never asked yet). */
const PendingProfile = SignUpRequestInput.omit({ email: true });

export interface SignUpRequest {
  input: SignUpRequestInput;
  /** The portal's public origin and the request's language, read while the request was open. */
  origin: string;
  locale: Locale;
}

/**
 * The sign-up form's mail, sent after the answer: the link, or a note for a known address. Only the newest link works;
 * failures are logged without the address.
 */
export async function mailSignUpLinkOrAccountNote({ input, origin, locale }: SignUpRequest, now = new Date()) {
  try {
    const { email, ...profile } = input;
    const mailLocale = await mailLocaleOfAddress(email, { fallback: locale });
    if (await addressInUse(email)) {
      await sendMail(accountExistsMail(mailLocale, email, `${origin}/signin?email=${encodeURIComponent(email)}`));
      return;
    }
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + SIGN_UP_LINK_HOURS * 3_600_000);
    const db = await getDb();
    await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
    await db
      .insert(pendingSignUps)
      .values({ email, tokenHash, profile, createdAt: now, expiresAt })
      .onConflictDoUpdate({
        target: pendingSignUps.email,
        set: { tokenHash, profile, createdAt: now, expiresAt, usedAt: null },
      });
    const url = `${origin}${FINISH_SIGN_UP_PATH}?token=${token}`;
    await sendMail(finishSignUpMail(mailLocale, email, url, SIGN_UP_LINK_HOURS));
  } catch (error) {
    logger("accounts").error("the sign-up mail could not be sent", error);
  }
}

export type SignUpLinkProblem = "invalid" | "expired" | "used";
export type SignUpLinkState = { status: "pending"; email: string; name: string } | { status: SignUpLinkProblem };

/** What a link is, for the page that shows it: never a throw, whatever the URL holds. */
export async function inspectSignUpLink(rawToken: unknown, now = new Date()): Promise<SignUpLinkState> {
  const row = await linkRow(pendingSignUps, rawToken);
  const profile = PendingProfile.safeParse(row?.profile);
  if (!row || !profile.success) return { status: "invalid" };
  const spent = spentLink(row, now);
  if (spent) return { status: spent };
  return { status: "pending", email: row.email, name: `${profile.data.firstName} ${profile.data.lastName}` };
}

export type FinishSignUpOutcome =
  | { status: "created"; userId: string; email: string }
  /** Someone has an account under the address by now: nothing was created, the driver signs in. */
  | { status: "exists"; email: string }
  | { status: SignUpLinkProblem };

/**
 * Finishes a sign-up (password sent once, kept nowhere); a parallel submit joins it via createDriverOnce. The link is
 * used up once it created the account or found the address taken; a failure leaves it usable.
 */
export async function finishSignUp(
  rawToken: unknown,
  password: string,
  now = new Date(),
): Promise<FinishSignUpOutcome> {
  const row = await linkRow(pendingSignUps, rawToken);
  const profile = PendingProfile.safeParse(row?.profile);
  if (!row || !profile.success) return { status: "invalid" };
  const spent = spentLink(row, now);
  if (spent) return { status: spent };
  const { email } = row;
  const db = await getDb();
  const markUsed = () =>
    db
      .update(pendingSignUps)
      .set({ usedAt: now })
      .where(and(eq(pendingSignUps.email, email), eq(pendingSignUps.tokenHash, row.tokenHash)));

  if (await heldBeyondDriverFlows(email)) {
    await markUsed();
    return { status: "exists", email };
  }
  const outcome = await createDriverOnce({ ...profile.data, email, password }, { verifiedAt: now });
  // "exists": a create whose answer was lost, or a user made meanwhile. The link proved the address,
  // as a sign-in link would: its owner is signed in to that user, unless support disabled it.
  const usable = outcome.kind !== "exists" || (await platformUserUsable(email));
  const link = usable ? await linkPortalUser(email, outcome.platformUserId, profile.data, now) : null;
  await markUsed();
  if (link?.kind !== "linked") return { status: "exists", email };
  return { status: "created", userId: link.userId, email };
}

async function platformUserUsable(email: string): Promise<boolean> {
  const user = await getPlatform().users.findUserByEmail(email);
  return user !== null && !user.disabled;
}

/** A staff account, a bootstrap admin or a pending invite holds the address: driver flows leave it alone. */
async function heldBeyondDriverFlows(email: string): Promise<boolean> {
  if (getConfig().auth.adminEmails.includes(email)) return true;
  const db = await getDb();
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), inArray(users.role, ["support", "admin"])));
  const [invite] = await db
    .select({ email: staffInvites.email })
    .from(staffInvites)
    .where(eq(staffInvites.email, email));
  return staff !== undefined || invite !== undefined;
}

/** The key of what the driver reads for a link that finishes nothing, on the link page and after submitting. */
export function signUpLinkKey(problem: SignUpLinkProblem | "exists") {
  return `signUp.finish.${problem}` as const;
}
