import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { sessionDevices, sessions, users } from "@/lib/core/db/schema";
import { DEVICE_LAST_SEEN_EVERY_SECONDS, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";
import type { Viewer } from "./viewer-identity";

/**
 * The signed-in person behind a session token, read straight from Auth.js's session table.
 *
 * Why not `auth()`: every page, action and route handler needs the viewer before its first
 * platform call, and `auth()` costs ~5 ms per request on this stack (it synthesises a request to
 * Auth.js's session endpoint, makes a CSRF token, and round-trips the answer through JSON), while
 * this is one indexed query (~1 ms). The rules are Auth.js's database-session rules: an unknown or
 * expired token is no session, and a session older than a day is renewed for another 30 days.
 * The device's "last seen" (the driver's device list) moves on at most every few minutes, so a
 * busy session costs no write per request.
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
  };
}
