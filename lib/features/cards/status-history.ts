import "server-only";
import { desc, inArray } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { cardStatusChanges } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import type { CardStatus } from "@/lib/platform/types";

/** Who changes a card's status: the card's own driver, or a staff member. */
export type CardStatusChanger = { role: "driver" } | { role: "support" | "admin"; email: string };

export interface CardStatusChange {
  status: CardStatus;
  by: CardStatusChanger;
  at: Date;
}

/**
 * Remembers a status the portal set. Best effort: the platform already holds the new status, so a
 * failed write only leaves "who and when" unknown for this change.
 */
export async function recordCardStatusChange(
  card: { id: number; userId: number },
  status: CardStatus,
  by: CardStatusChanger,
): Promise<void> {
  try {
    const db = await getDb();
    await db.insert(cardStatusChanges).values({
      cardId: card.id,
      platformUserId: card.userId,
      status,
      byRole: by.role,
      byStaffEmail: by.role === "driver" ? null : by.email,
    });
  } catch (error) {
    logger("cards").warn("recording a card status change failed", error);
  }
}

/**
 * The newest recorded change of each card, where it still matches the card's status on the platform
 * (a change made elsewhere, e.g. in the operator's console, makes the portal's record stale).
 */
export async function latestCardStatusChanges(
  cards: readonly { id: number; status: CardStatus }[],
): Promise<Map<number, CardStatusChange>> {
  const found = new Map<number, CardStatusChange>();
  if (cards.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .select()
    .from(cardStatusChanges)
    .where(
      inArray(
        cardStatusChanges.cardId,
        cards.map((card) => card.id),
      ),
    )
    .orderBy(desc(cardStatusChanges.at), desc(cardStatusChanges.id));
  const statusOf = new Map(cards.map((card) => [card.id, card.status]));
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.cardId)) continue;
    seen.add(row.cardId);
    if (statusOf.get(row.cardId) !== row.status) continue;
    const by: CardStatusChanger =
      row.byRole === "driver" ? { role: "driver" } : { role: row.byRole, email: row.byStaffEmail ?? "" };
    found.set(row.cardId, { status: row.status, by, at: row.at });
  }
  return found;
}
