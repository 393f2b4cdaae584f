import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { passkeys } from "@/lib/db/schema";

/** A passkey as its owner sees it in the list: never the key itself. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  synced: boolean;
}

export const PASSKEY_NAME_MAX = 60;

export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      synced: passkeys.synced,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  return (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))).length;
}

/** Renames one of the owner's passkeys; false when it is not theirs (or gone). */
export async function renamePasskey(db: Database, userId: string, id: string, name: string): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return renamed.length === 1;
}

/** Removes one of the owner's passkeys; its name, or null when it is not theirs (or gone). */
export async function removePasskey(db: Database, userId: string, id: string): Promise<string | null> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return removed?.name ?? null;
}
