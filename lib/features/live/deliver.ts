import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Database } from "@/lib/core/db/client";
import { users } from "@/lib/core/db/schema";
import type { DriverEvent } from "@/lib/features/live/shared";
import { getPlatform } from "@/lib/platform";
import type { PlatformClient } from "@/lib/platform/client";
import type { PlatformEvent } from "@/lib/platform/notification-types";
import { getLiveBus, type LiveBus } from "./bus";
import { toDriverEvent } from "./driver-events";
import { billingSettled, defaultReceiptDeps, sendChargeReceipt, type ReceiptDeps } from "./receipt";

/**
 * A taken callback's work after the answer: the driver's tabs are told; a finished session whose billing is settled
 * gets its receipt (receipt.ts).
 */
export async function deliverPlatformEvent(
  event: PlatformEvent,
  deps: { db?: Database; bus?: LiveBus; receipts?: ReceiptDeps; platform?: PlatformClient } = {},
): Promise<boolean> {
  const target =
    event.kind === "card" ? await cardTarget(event.cardId, deps.platform ?? getPlatform()) : toDriverEvent(event);
  if (!target) return false;
  const db = deps.db ?? (await getDb());
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.platformUserId, target.platformUserId))
    .limit(1);
  if (!account) return false;
  const bus = deps.bus ?? (await getLiveBus());
  await bus.publish(target.platformUserId, target.event);
  if (event.kind === "session" && event.session.status === "finished" && billingSettled(event.billing))
    await sendChargeReceipt(target.platformUserId, event.session, deps.receipts ?? defaultReceiptDeps(db));
  return true;
}

/**
 * A card change names only the card: its owner comes from one read of the card. A card deleted
 * meanwhile names nobody any more and is dropped (its row leaves the list on the next read).
 */
async function cardTarget(
  cardId: number,
  platform: PlatformClient,
): Promise<{ platformUserId: number; event: DriverEvent } | null> {
  const card = await platform.notifications?.cardOfNotification(cardId);
  if (!card?.userId) return null;
  return { platformUserId: card.userId, event: { type: "card", cardId: card.id, status: card.status } };
}
