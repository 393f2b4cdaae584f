import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { and, eq, isNull } from "drizzle-orm";
import { newLinkToken } from "@/lib/features/accounts/link-token";
import { claimLink, linkRow, spentLink } from "./link-rows";
import { getDb } from "@/lib/core/db/client";
import { appPasswordLinks, users as portalUsers } from "@/lib/core/db/schema";
import { mailLocale } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { appPasswordLinkMail } from "./mails";
import { getPlatform } from "@/lib/platform";

/**
 * The app password where the platform mails no reset link (ampeco: PATCH {password}); sent once, never stored or
 * logged. Flow: docs/design-notes.md#libfeaturesaccountsapp-passwordts.
 */

export const APP_PASSWORD_LINK_DAYS = 7;
export const APP_PASSWORD_SET_PATH = "/app-password/set";

/** Whether this platform sets a password directly (ampeco) rather than mailing a reset link (contract). */
export function platformSetsAppPassword(): boolean {
  return getPlatform().users.setAppPassword !== undefined;
}

/** Thrown when asked to set a password on a platform that only mails reset links. */
export class AppPasswordUnavailableError extends ExpectedError {
  constructor() {
    super("unavailable", "appPassword.errors.unavailable");
    this.name = "AppPasswordUnavailableError";
  }
}

/** Sends the password once to the platform (PATCH {password}); nothing of it is kept. */
export async function setDriverAppPassword(platformUserId: number, password: string): Promise<void> {
  const { users } = getPlatform();
  if (!users.setAppPassword) throw new AppPasswordUnavailableError();
  await users.setAppPassword(platformUserId, password);
}

// ---------------------------------------------------------------- the link for staff-created drivers

/**
 * Records a new link for the driver and mails it to their address. Only the newest link works: an
 * earlier unused one is withdrawn.
 */
export async function mailAppPasswordLink(
  driver: { platformUserId: number; email: string },
  origin: string,
  now = new Date(),
): Promise<void> {
  const { token, tokenHash } = newLinkToken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .delete(appPasswordLinks)
      .where(and(eq(appPasswordLinks.platformUserId, driver.platformUserId), isNull(appPasswordLinks.usedAt)));
    await tx.insert(appPasswordLinks).values({
      platformUserId: driver.platformUserId,
      email: driver.email,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + APP_PASSWORD_LINK_DAYS * 86_400_000),
    });
  });
  const url = `${origin}${APP_PASSWORD_SET_PATH}?token=${token}`;
  // The driver's own language where their portal account has one; else the request's (staff's).
  const [account] = await db
    .select({ locale: portalUsers.locale })
    .from(portalUsers)
    .where(eq(portalUsers.platformUserId, driver.platformUserId));
  const locale = await mailLocale(account?.locale);
  await sendMail(appPasswordLinkMail(locale, driver.email, url, APP_PASSWORD_LINK_DAYS));
}

export type AppPasswordLinkProblem = "invalid" | "expired" | "used" | "moved";
export type AppPasswordLinkState = { status: "pending"; email: string } | { status: AppPasswordLinkProblem };

/** The key of what the driver reads for a link that sets nothing, on the link page and after submitting. */
export function appPasswordLinkKey(problem: AppPasswordLinkProblem) {
  return `appPassword.link.${problem}` as const;
}

/** What a link is, for the page that shows it: never a throw, whatever the URL holds. */
export async function inspectAppPasswordLink(rawToken: unknown, now = new Date()): Promise<AppPasswordLinkState> {
  const row = await linkRow(appPasswordLinks, rawToken);
  if (!row) return { status: "invalid" };
  const spent = spentLink(row, now);
  return spent ? { status: spent } : { status: "pending", email: row.email };
}

export type AppPasswordLinkOutcome = { status: "set"; email: string } | { status: AppPasswordLinkProblem };

/**
 * Claims the link first (two submits cannot both set) and gives it back if the platform did not take the password. A
 * link whose driver has moved address stays used up and sets nothing.
 */
export async function setAppPasswordWithLink(
  rawToken: unknown,
  password: string,
  now = new Date(),
): Promise<AppPasswordLinkOutcome> {
  const { token, claimed } = await claimLink(appPasswordLinks, rawToken, now);
  if (!token) return { status: "invalid" };
  if (!claimed) {
    const state = await inspectAppPasswordLink(token, now);
    return state.status === "pending" ? { status: "used" } : state;
  }
  const db = await getDb();
  try {
    const { email } = await getPlatform().users.getUser(claimed.platformUserId);
    if (email.trim().toLowerCase() !== claimed.email.trim().toLowerCase()) return { status: "moved" };
    await setDriverAppPassword(claimed.platformUserId, password);
  } catch (error) {
    await db.update(appPasswordLinks).set({ usedAt: null }).where(eq(appPasswordLinks.id, claimed.id));
    throw error;
  }
  return { status: "set", email: claimed.email };
}
