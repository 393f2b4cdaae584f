import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { sessionOwnership } from "@/lib/core/db/schema";
import { isSessionId } from "@/lib/platform/platform-id";
import { defaultSessionDeps, logSessionError, type SessionDeps } from "./deps";

/**
 * The session read has no user scope, so a session is shown only once proven in the driver's own list. Proofs are
 * remembered (a session never changes owner).
 */

const MAX_PLATFORM_ID = 2_147_483_647;

export function isPlatformId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_PLATFORM_ID;
}

async function rememberPairs(db: Database, platformUserId: number, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .insert(sessionOwnership)
    .values(sessionIds.map((sessionId) => ({ sessionId, platformUserId })))
    .onConflictDoNothing({ target: sessionOwnership.sessionId });
}

/**
 * Records sessions that came back from the driver's own list. Best effort: the list was already
 * read, and a failed write only means a later ownership check scans again.
 */
export async function rememberSessionOwnership(
  platformUserId: number,
  sessionIds: readonly string[],
  deps: SessionDeps = defaultSessionDeps(),
): Promise<void> {
  try {
    await rememberPairs(await deps.getDb(), platformUserId, sessionIds.filter(isSessionId));
  } catch (error) {
    logSessionError("remembering session ownership", error);
  }
}

/**
 * Remembered pairs first, else walks the driver's list to the match, remembering every id; never the unscoped detail.
 */
export async function confirmSessionOwnership(
  platformUserId: number,
  sessionId: string,
  deps: SessionDeps = defaultSessionDeps(),
): Promise<boolean> {
  if (!isPlatformId(platformUserId) || !isSessionId(sessionId)) return false;
  const db = await deps.getDb();
  const [known] = await db
    .select({ platformUserId: sessionOwnership.platformUserId })
    .from(sessionOwnership)
    .where(eq(sessionOwnership.sessionId, sessionId))
    .limit(1);
  if (known) return known.platformUserId === platformUserId;

  let seen: string[] = [];
  let found = false;
  for await (const session of deps.platform.sessions.iterateSessions({ userId: platformUserId }, { perPage: 100 })) {
    seen.push(session.id);
    if (session.id === sessionId) {
      found = true;
      break;
    }
    if (seen.length >= 100) {
      await rememberPairs(db, platformUserId, seen.filter(isSessionId));
      seen = [];
    }
  }
  await rememberPairs(db, platformUserId, seen.filter(isSessionId));
  return found;
}
