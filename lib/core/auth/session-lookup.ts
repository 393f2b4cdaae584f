import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { sessionDevices, sessions, users } from "@/lib/core/db/schema";
import { DEVICE_LAST_SEEN_EVERY_SECONDS, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";
import type { Viewer } from "./viewer-identity";

/**
 * The viewer behind a session token, read from Auth.js's table with Auth.js's rules. Why not `auth()` (~5 ms vs ~1 ms):
 * docs/design-notes.md#libcoreauthsession-lookupts.
 */
export async function findSessionViewer(
  db: Database,
  sessionToken: string,
  now: Date = new Date(),
): Promise<Viewer | null> {
  const [row] = await db
    .select({
      expires: sessions.expires,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      platformUserId: users.platformUserId,
      locale: users.locale,
      deviceLastSeen: sessionDevices.lastSeen,
      signInMethod: sessions.signInMethod,
      sessionOpenedAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sessionDevices, eq(sessionDevices.sessionToken, sessions.sessionToken))
    .where(eq(sessions.sessionToken, sessionToken))
    .limit(1);
  if (!row || row.expires.getTime() <= now.getTime()) return null;
  if (!row.email) return null;

  const renewAfter = row.expires.getTime() - (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
  if (now.getTime() >= renewAfter) {
    await db
      .update(sessions)
      .set({ expires: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) })
      .where(eq(sessions.sessionToken, sessionToken));
  }
  if (row.deviceLastSeen && now.getTime() - row.deviceLastSeen.getTime() >= DEVICE_LAST_SEEN_EVERY_SECONDS * 1000) {
    await db.update(sessionDevices).set({ lastSeen: now }).where(eq(sessionDevices.sessionToken, sessionToken));
  }
  return {
    userId: row.userId,
    email: row.email,
    name: row.name ?? null,
    role: row.role,
    platformUserId: row.platformUserId ?? null,
    locale: row.locale ?? null,
    signInMethod: row.signInMethod,
    sessionOpenedAt: row.sessionOpenedAt ?? null,
  };
}
