import "server-only";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { ExpectedError } from "@/lib/core/errors";
import { and, asc, eq } from "drizzle-orm";
import { recordAudit } from "@/lib/core/audit";
import { auditReasonOf } from "@/lib/core/audit-reason";
import type { Viewer } from "@/lib/core/auth/viewer";
import { blockDriverCard } from "@/lib/features/cards";
import { getDb } from "@/lib/core/db/client";
import { accountDeletionRequests, users } from "@/lib/core/db/schema";
import { formatDate } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { mailLocaleOfAccount, mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { deletionDeclinedMail, deletionRequestedMail } from "./mails";
import { getPlatform } from "@/lib/platform";

/** How long a driver can still cancel a deletion request before staff may carry it out. */
export const DELETION_GRACE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DeletionRequest = typeof accountDeletionRequests.$inferSelect;

/** A deletion request refused in its current state; the message is a catalogue key, worded by whoever answers. */
export class DeletionRefusedError extends ExpectedError {
  constructor(message: MessageKey, values?: Record<string, string>) {
    super("refused", message, values);
    this.name = "DeletionRefusedError";
  }
}

type Driver = Pick<Viewer, "userId" | "email"> & { platformUserId: number };
type Staff = Pick<Viewer, "userId" | "email">;

/** The driver's open request, if any. */
export async function openDeletionRequestOf(userId: string): Promise<DeletionRequest | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(accountDeletionRequests)
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, "open")));
  return row ?? null;
}

/**
 * Records the driver's request with its grace period and mails them how to cancel it. One open
 * request per account: the account row is locked while checking, so a double submit makes one.
 */
export async function requestAccountDeletion(driver: Driver, now = new Date()): Promise<DeletionRequest> {
  const db = await getDb();
  const { request, created } = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, driver.userId)).for("update");
    const [open] = await tx
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.userId, driver.userId), eq(accountDeletionRequests.status, "open")));
    if (open) return { request: open, created: false };
    const [row] = await tx
      .insert(accountDeletionRequests)
      .values({
        userId: driver.userId,
        platformUserId: driver.platformUserId,
        email: driver.email,
        requestedAt: now,
        dueAt: new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS),
      })
      .returning();
    return { request: row!, created: true };
  });
  if (created) {
    await recordAudit({
      actor: driver,
      action: "driver.deletion.request",
      targetPlatformUserId: driver.platformUserId,
      outcome: "success",
      details: { due: request.dueAt.toISOString() },
    });
    const locale = await mailLocaleOfAccount(driver.userId, { db });
    await sendMail(deletionRequestedMail(locale, driver.email, request.dueAt));
  }
  return request;
}

/** The driver changed their mind: the open request is cancelled (audited). */
export async function cancelAccountDeletion(driver: Driver, now = new Date()): Promise<void> {
  const db = await getDb();
  const cancelled = await db
    .update(accountDeletionRequests)
    .set({ status: "cancelled", closedAt: now, closedByEmail: driver.email })
    .where(and(eq(accountDeletionRequests.userId, driver.userId), eq(accountDeletionRequests.status, "open")))
    .returning({ id: accountDeletionRequests.id });
  if (cancelled.length === 0) throw new DeletionRefusedError("accountDeletion.errors.nothingToCancel");
  await recordAudit({
    actor: driver,
    action: "driver.deletion.cancel",
    targetPlatformUserId: driver.platformUserId,
    outcome: "success",
  });
}

/** Every open request, the one due first on top (staff's /admin/requests). */
export async function listOpenDeletionRequests(): Promise<DeletionRequest[]> {
  const db = await getDb();
  return db
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.status, "open"))
    .orderBy(asc(accountDeletionRequests.dueAt), asc(accountDeletionRequests.id));
}

/**
 * The open requests as /admin/requests lists them: dates formatted in `locale` (the request's
 * language by default), and whether each is due.
 */
export async function openDeletionRequestRows(now = new Date(), locale?: string) {
  const language = locale ?? (await currentLocale());
  return (await listOpenDeletionRequests()).map((request) => ({
    id: request.id,
    email: request.email,
    platformUserId: request.platformUserId,
    requestedOn: formatDate(request.requestedAt, language),
    dueOn: formatDate(request.dueAt, language),
    due: request.dueAt.getTime() <= now.getTime(),
  }));
}

/**
 * Claims an open request for staff: it must exist and be open, and (for carrying out) its grace
 * period must be over. The status moves at once, so two staff members cannot both act on it.
 */
async function closeOpenRequest(
  id: number,
  staff: Staff,
  status: "declined" | "done",
  now: Date,
  declineReason: string | null = null,
): Promise<DeletionRequest> {
  const db = await getDb();
  const [request] = await db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, id));
  if (!request || request.status !== "open") throw new DeletionRefusedError("accountDeletion.errors.notOpen");
  if (status === "done" && request.dueAt.getTime() > now.getTime())
    throw new DeletionRefusedError("accountDeletion.errors.stillInGrace", {
      due: formatDate(request.dueAt, await currentLocale()),
    });
  const [closed] = await db
    .update(accountDeletionRequests)
    .set({ status, closedAt: now, closedByEmail: staff.email, declineReason })
    .where(and(eq(accountDeletionRequests.id, id), eq(accountDeletionRequests.status, "open")))
    .returning();
  if (!closed) throw new DeletionRefusedError("accountDeletion.errors.closedMeanwhile");
  return closed;
}

/**
 * Carries out a request: platform first (user disabled on ampeco, every card blocked), then the portal account. Each
 * step audited; a platform failure reopens the request.
 */
export async function carryOutAccountDeletion(id: number, staff: Staff, now = new Date()): Promise<DeletionRequest> {
  const request = await closeOpenRequest(id, staff, "done", now);
  const platform = getPlatform();
  const by = { role: "support" as const, email: staff.email };
  try {
    const reason = `Account deletion requested by the driver on ${request.requestedAt.toISOString().slice(0, 10)}`;
    if (platform.users.disableUser) await platform.users.disableUser(request.platformUserId, reason);
    const cards = await platform.cards.listAllCards({ userId: request.platformUserId });
    for (const card of cards) await blockDriverCard(request.platformUserId, card.id, by);
    await recordAudit({
      actor: staff,
      action: "driver.deletion.platform",
      targetPlatformUserId: request.platformUserId,
      outcome: "success",
      details: { requestId: id, disabled: Boolean(platform.users.disableUser), blockedCards: cards.length },
    });
  } catch (error) {
    const db = await getDb();
    await db
      .update(accountDeletionRequests)
      .set({ status: "open", closedAt: null, closedByEmail: null })
      .where(eq(accountDeletionRequests.id, id));
    await recordAudit({
      actor: staff,
      action: "driver.deletion.platform",
      targetPlatformUserId: request.platformUserId,
      outcome: "failure",
      error: error instanceof Error ? error.message : String(error),
      reason: auditReasonOf(error),
    });
    throw error;
  }
  const db = await getDb();
  if (request.userId) {
    await db.delete(users).where(eq(users.id, request.userId));
    await announceSessionsEnded(db, request.userId);
  }
  await recordAudit({
    actor: staff,
    action: "driver.deletion.portal",
    targetPlatformUserId: request.platformUserId,
    outcome: "success",
    details: { requestId: id },
  });
  return request;
}

/** Declines an open request with the reason, which the driver is mailed (audited). */
export async function declineAccountDeletion(
  id: number,
  staff: Staff,
  reason: string,
  now = new Date(),
): Promise<DeletionRequest> {
  const request = await closeOpenRequest(id, staff, "declined", now, reason);
  await recordAudit({
    actor: staff,
    action: "driver.deletion.decline",
    targetPlatformUserId: request.platformUserId,
    outcome: "success",
    details: { requestId: id, reason },
  });
  // The driver's language (their account may be gone by now: then the address's, else the request's).
  const locale = request.userId ? await mailLocaleOfAccount(request.userId) : await mailLocaleOfAddress(request.email);
  await sendMail(deletionDeclinedMail(locale, request.email, reason));
  return request;
}
