import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { knownDevices, sessionDevices, sessions, users } from "@/lib/core/db/schema";
import type { DeviceName } from "./device-name";
import { announceSessionsEnded } from "./sessions-ended";

/** One signed-in session of an account, as the driver's device list shows it. */
export interface SignedInDevice extends DeviceName {
  id: string;
  firstSeen: Date;
  lastSeen: Date;
  /** The session this request is signed in with. */
  current: boolean;
}

/**
 * Records a new session's device; answers whether a new-device notice is due. Locks the account row so two simultaneous
 * sign-ins cannot both count as the first.
 */
export async function recordSignInDevice(
  db: Database,
  session: { userId: string; sessionToken: string },
  device: DeviceName,
  now: Date = new Date(),
): Promise<{ notify: boolean }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ newDeviceMail: users.newDeviceMail })
      .from(users)
      .where(eq(users.id, session.userId))
      .for("update");
    const known = await tx
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(eq(knownDevices.userId, session.userId))
      .limit(1);
    await tx.insert(sessionDevices).values({ ...session, ...device, firstSeen: now, lastSeen: now });
    const added = await tx
      .insert(knownDevices)
      .values({ userId: session.userId, ...device, firstSeen: now })
      .onConflictDoNothing()
      .returning({ userId: knownDevices.userId });
    return { notify: added.length > 0 && known.length > 0 && account?.newDeviceMail === true };
  });
}

/** The account's live sessions, most recently seen first. */
export async function listSignedInDevices(
  db: Database,
  userId: string,
  currentSessionToken: string | null,
  now: Date = new Date(),
): Promise<SignedInDevice[]> {
  const rows = await db
    .select({
      id: sessionDevices.id,
      sessionToken: sessionDevices.sessionToken,
      browser: sessionDevices.browser,
      os: sessionDevices.os,
      firstSeen: sessionDevices.firstSeen,
      lastSeen: sessionDevices.lastSeen,
    })
    .from(sessionDevices)
    .innerJoin(sessions, eq(sessions.sessionToken, sessionDevices.sessionToken))
    .where(and(eq(sessionDevices.userId, userId), gt(sessions.expires, now)))
    .orderBy(desc(sessionDevices.lastSeen), desc(sessionDevices.firstSeen));
  return rows.map(({ sessionToken, ...device }) => ({ ...device, current: sessionToken === currentSessionToken }));
}

/** Ends the session behind one of the account's devices; null when the account has no such device. */
export async function signOutDevice(
  db: Database,
  userId: string,
  deviceId: string,
  currentSessionToken: string | null,
): Promise<(DeviceName & { wasCurrent: boolean }) | null> {
  const [device] = await db
    .select({ sessionToken: sessionDevices.sessionToken, browser: sessionDevices.browser, os: sessionDevices.os })
    .from(sessionDevices)
    .where(and(eq(sessionDevices.id, deviceId), eq(sessionDevices.userId, userId)));
  if (!device) return null;
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.sessionToken, device.sessionToken))
    .returning({ token: sessions.sessionToken });
  if (ended.length === 0) return null;
  await announceSessionsEnded(db, userId);
  return { browser: device.browser, os: device.os, wasCurrent: device.sessionToken === currentSessionToken };
}

export async function newDeviceMailEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.newDeviceMail }).from(users).where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setNewDeviceMail(db: Database, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ newDeviceMail: on }).where(eq(users.id, userId));
}
