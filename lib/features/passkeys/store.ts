import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "@/lib/core/db/client";
import { passkeys, users } from "@/lib/core/db/schema";

/** A passkey as its owner sees it in the list: never the key itself. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  synced: boolean;
}

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

/** What the staff passkey rule reads about an account (policy.ts): its passkeys, its enrolment address and grant time. */
export interface PasskeyStanding {
  passkeys: number;
  staffEnrolEmail: string | null;
  staffGrantedAt: Date | null;
}

/** The account's standing; inside a transaction, `lock` holds its row until the transaction ends. */
export async function passkeyStanding(
  db: Database | Transaction,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PasskeyStanding> {
  const account = db
    .select({ staffEnrolEmail: users.staffEnrolEmail, staffGrantedAt: users.staffGrantedAt })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await (lock ? account.for("update") : account);
  const own = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
  return {
    passkeys: own.length,
    staffEnrolEmail: row?.staffEnrolEmail ?? null,
    staffGrantedAt: row?.staffGrantedAt ?? null,
  };
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
