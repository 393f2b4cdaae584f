import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { auditLog, cardStatusChanges, knownDevices, users } from "@/lib/core/db/schema";
import type { PlatformClient } from "@/lib/platform/client";
import { iterateDriverSessionPages } from "@/lib/features/sessions";
import { listSignedInDevices } from "@/lib/core/auth/devices";

/** What the export reads: the platform (profile, cards, sessions) and the portal's own database. */
export interface DataExportDeps {
  platform: Pick<PlatformClient, "users" | "cards" | "sessions" | "locations">;
  getDb: () => Promise<Database>;
  now: () => Date;
}

/** `pages`, with the first one already read (so its failure surfaces now), then the rest as they come. */
async function withFirstReadAhead<T>(pages: AsyncGenerator<T[], void, undefined>): Promise<AsyncGenerator<T[]>> {
  const first = await pages.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* pages;
  })();
}

/** What a driver's data export holds, read for its archive (data-export-archive.ts), file by file. */
export type DriverData = Awaited<ReturnType<typeof readDriverData>>;

/**
 * A driver's data export (GDPR art. 15/20). Profile and cards are read first, so an outage gives an error, not a broken
 * archive; sessions stream page by page.
 */
export async function readDriverData(driver: { userId: string; platformUserId: number }, deps: DataExportDeps) {
  const db = await deps.getDb();
  const [profile, cards, [account], signedIn, browsers, audit, cardChanges] = await Promise.all([
    deps.platform.users.getUser(driver.platformUserId),
    deps.platform.cards.listAllCards({ userId: driver.platformUserId }),
    db
      .select({
        email: users.email,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
        emailChangedAt: users.emailChangedAt,
        newDeviceMail: users.newDeviceMail,
      })
      .from(users)
      .where(eq(users.id, driver.userId)),
    listSignedInDevices(db, driver.userId, null, deps.now()),
    db
      .select({ browser: knownDevices.browser, os: knownDevices.os, firstSignIn: knownDevices.firstSeen })
      .from(knownDevices)
      .where(eq(knownDevices.userId, driver.userId))
      .orderBy(asc(knownDevices.firstSeen)),
    // Entries about this driver only. Not their details: a card move's names the other driver, and a
    // staff member who also drives must not get the entries of their work on other drivers.
    db
      .select({
        at: auditLog.at,
        actorUserId: auditLog.actorUserId,
        action: auditLog.action,
        card: auditLog.targetCard,
        outcome: auditLog.outcome,
      })
      .from(auditLog)
      .where(eq(auditLog.targetPlatformUserId, driver.platformUserId))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
    db
      .select({
        cardId: cardStatusChanges.cardId,
        status: cardStatusChanges.status,
        by: cardStatusChanges.byRole,
        at: cardStatusChanges.at,
      })
      .from(cardStatusChanges)
      .where(eq(cardStatusChanges.platformUserId, driver.platformUserId))
      .orderBy(asc(cardStatusChanges.at), asc(cardStatusChanges.id)),
  ]);
  // The first page too is read before the first byte: a platform that fails there gives an error answer.
  const sessionPages = await withFirstReadAhead(iterateDriverSessionPages(driver.platformUserId, {}, deps));
  return {
    madeAt: deps.now(),
    email: account?.email ?? profile.email,
    platformUserId: profile.id,
    account: account ?? null,
    devices: {
      signedInNow: signedIn.map(({ browser, os, firstSeen, lastSeen }) => ({ browser, os, firstSeen, lastSeen })),
      browsersSignedInWith: browsers,
    },
    audit: audit.map(({ actorUserId, ...entry }) => ({
      ...entry,
      by: actorUserId === driver.userId ? ("you" as const) : ("support" as const),
    })),
    cardStatus: cardChanges,
    profile,
    cards,
    sessionPages,
  };
}

/** "driver-portal-data-2026-11-24.zip" */
export function dataExportFilename(day: string): string {
  return `driver-portal-data-${day}.zip`;
}
