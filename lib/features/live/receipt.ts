import "server-only";
import { eq } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import { getDb, type Database } from "@/lib/core/db/client";
import { chargeReceipts, users } from "@/lib/core/db/schema";
import { mailLocale } from "@/lib/core/auth/mail-locale";
import { sendMail, type MailAttachment, type MailMessage } from "@/lib/core/mail/send";
import type { Locale } from "@/lib/core/i18n/locales";
import { chargeReceiptMail, receiptAttachmentOf } from "./receipt-mail";
import { defaultSessionDeps, getSessionLocation, type SessionDeps } from "@/lib/features/sessions";
import type { SessionBilling, SessionChange } from "@/lib/platform/notification-types";
import { logger } from "@/lib/core/log";
import { countReceipt } from "@/lib/core/observability/metrics";

/** One receipt mail per finished session: sent only by the instance whose insert took the session's row; a failed mail frees it. */
const log = logger("live");

export interface ReceiptDeps {
  db: Database;
  send: (message: MailMessage) => Promise<void>;
  /** The session's place (name, street, city) on one line, or null when the platform does not tell it. */
  locationOf: (sessionId: string, locale: string) => Promise<string | null>;
  /** The session page's receipt as a PDF to attach, or null where the platform prices no bill (the contract). */
  receiptPdfOf?: (platformUserId: number, sessionId: string, locale: Locale) => Promise<MailAttachment | null>;
  accountUrl: string;
}

/** "Westerpark Charging Hub, Haarlemmerweg 8, Amsterdam": the place's name, street and city on one line. */
export async function receiptPlaceOf(
  sessionId: string,
  locale: string,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<string | null> {
  try {
    const session = await deps.platform.sessions.getSession(sessionId);
    if (!session) return null;
    const place = await getSessionLocation(session, locale, deps);
    if (place.kind !== "known") return null;
    return [place.location.name, place.location.address].filter(Boolean).join(", ");
  } catch (error) {
    log.warn("the receipt's location is unknown", error);
    return null;
  }
}

export function defaultReceiptDeps(db: Database): ReceiptDeps {
  return {
    db,
    send: sendMail,
    locationOf: (sessionId, locale) => receiptPlaceOf(sessionId, locale),
    receiptPdfOf: receiptAttachmentOf,
    accountUrl: `${getConfig().auth.publicOrigin}/account/notifications`,
  };
}

/**
 * Whether a finished session's amount is final: its billing is completed, or the platform reports no billing status
 * and names an amount. A pending or suspended billing's amount is provisional: the receipt waits for the next update.
 */
export function billingSettled(billing: SessionBilling): boolean {
  return billing.status === "completed" || (billing.status === null && billing.amountGiven);
}

/** Sends the receipt of a finished session once; true when this call sent it. */
export async function sendChargeReceipt(
  platformUserId: number,
  session: SessionChange,
  deps: ReceiptDeps,
): Promise<boolean> {
  if (session.status !== "finished" || !session.startedAt || !session.stoppedAt) return false;
  const [account] = await deps.db
    .select({ email: users.email, receiptMail: users.receiptMail, locale: users.locale })
    .from(users)
    .where(eq(users.platformUserId, platformUserId))
    .limit(1);
  if (!account?.email || !account.receiptMail) return false;
  const claimed = await deps.db
    .insert(chargeReceipts)
    .values({ sessionId: session.id, platformUserId })
    .onConflictDoNothing()
    .returning({ sessionId: chargeReceipts.sessionId });
  if (claimed.length === 0) return false;
  try {
    // The driver's chosen language; a callback carries no browser to fall back on.
    const locale = await mailLocale(account.locale, "en");
    const [location, attachment] = await Promise.all([
      deps.locationOf(session.id, locale),
      deps.receiptPdfOf ? deps.receiptPdfOf(platformUserId, session.id, locale) : null,
    ]);
    await deps.send(
      chargeReceiptMail(
        locale,
        account.email,
        {
          startedAt: new Date(session.startedAt),
          stoppedAt: new Date(session.stoppedAt),
          energyWh: session.energyWh,
          amount: session.amount,
          currency: session.currency,
          location,
        },
        deps.accountUrl,
        attachment,
      ),
    );
    countReceipt("sent");
    return true;
  } catch (error) {
    countReceipt("failed");
    await deps.db.delete(chargeReceipts).where(eq(chargeReceipts.sessionId, session.id));
    throw error;
  }
}

/** Whether the account gets charge receipts (on unless switched off). */
export async function receiptMailEnabled(userId: string, db?: Database): Promise<boolean> {
  const [row] = await (db ?? (await getDb())).select({ on: users.receiptMail }).from(users).where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setReceiptMail(db: Database, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ receiptMail: on }).where(eq(users.id, userId));
}
