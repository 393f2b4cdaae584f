import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { mailOutbox } from "@/lib/core/db/schema";

export type OutboxMessage = typeof mailOutbox.$inferSelect;

export async function listOutbox(limit = 100): Promise<OutboxMessage[]> {
  const db = await getDb();
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function getOutboxMessage(id: number): Promise<OutboxMessage | null> {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
