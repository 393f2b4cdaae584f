import "server-only";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import type { appPasswordLinks, emailChanges, pendingSignUps } from "@/lib/core/db/schema";
import { hashLinkToken, LinkToken } from "./link-token";

/** A mailed link's row, read or claimed by its token: what the three link flows (sign-up, address change, app password) share. */

type LinkTable = typeof appPasswordLinks | typeof emailChanges | typeof pendingSignUps;

/** The row of a link's token, or null for a token that is none or no row's; never a throw, whatever the URL holds. */
export async function linkRow<T extends LinkTable>(table: T, rawToken: unknown): Promise<T["$inferSelect"] | null> {
  const token = LinkToken.safeParse(rawToken);
  if (!token.success) return null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(table as LinkTable)
    .where(eq(table.tokenHash, hashLinkToken(token.data)));
  return (rows[0] as T["$inferSelect"] | undefined) ?? null;
}

/** Why a link's row can no longer be followed, or null while it can. */
export function spentLink(row: { usedAt: Date | null; expiresAt: Date }, now: Date): "used" | "expired" | null {
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}

/**
 * Claims a link (marks it used) in one statement, so two submits cannot both follow it: the claimed row, or null when
 * it was not claimable (used, expired, not `also`'s); `token` is null for a token that is none.
 */
export async function claimLink<T extends LinkTable>(
  table: T,
  rawToken: unknown,
  now: Date,
  also?: SQL,
): Promise<{ token: string | null; claimed: T["$inferSelect"] | null }> {
  const token = LinkToken.safeParse(rawToken);
  if (!token.success) return { token: null, claimed: null };
  const db = await getDb();
  const link = table as LinkTable;
  const rows = await db
    .update(link)
    .set({ usedAt: now })
    .where(and(eq(link.tokenHash, hashLinkToken(token.data)), also, isNull(link.usedAt), gt(link.expiresAt, now)))
    .returning();
  return { token: token.data, claimed: (rows[0] as T["$inferSelect"] | undefined) ?? null };
}
