import "server-only";
import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "@/lib/core/db/client";
import { passkeyChallenges } from "@/lib/core/db/schema";

/**
 * Challenges live in the database so that any instance can check the answer, and each is used at
 * most once: consuming deletes it, so a replayed or second answer finds nothing.
 */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type ChallengePurpose = "register" | "sign-in";

export interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  userId: string | null;
  expiresAt: Date;
}

/** Whether a stored challenge answers this request: same purpose and account, and not expired. Pure. */
export function challengeUsable(
  stored: StoredChallenge,
  expected: { purpose: ChallengePurpose; userId: string | null },
  now: Date,
): boolean {
  return (
    stored.purpose === expected.purpose &&
    stored.userId === expected.userId &&
    now.getTime() < stored.expiresAt.getTime()
  );
}

export async function issueChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null },
  now = new Date(),
): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  // Old ones are swept on the way, so the table stays small without a job.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({ id, ...input, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return id;
}

/** The challenge behind `id`, used up by this call; null when unknown, already used, expired or not this request's. */
export async function consumeChallenge(
  db: Database,
  id: string,
  expected: { purpose: ChallengePurpose; userId: string | null },
  now = new Date(),
): Promise<string | null> {
  const [stored] = await db.delete(passkeyChallenges).where(eq(passkeyChallenges.id, id)).returning();
  return stored && challengeUsable(stored, expected, now) ? stored.challenge : null;
}
