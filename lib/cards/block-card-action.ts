"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { driverForAction, isRefusal } from "@/lib/auth/guards";
import type { ActionResult } from "@/lib/forms/action-result";
import { isPlatformError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import { blockDriverCard, CardNotOwnedError } from "./service";

const CardId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Blocks one of the signed-in driver's own cards (lost or stolen). The id comes from the browser,
 * so the service checks it against the driver's own card list before the platform hears of it.
 */
export async function blockCardAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const viewer = await driverForAction();
  if (isRefusal(viewer)) return viewer;

  const cardId = CardId.safeParse(formData.get("cardId"));
  const notYours = { status: "error", code: "not-owned", message: "That card is not on your account, so it was not changed." } as const;
  if (!cardId.success) return notYours;

  try {
    const card = await blockDriverCard(viewer.platformUserId, cardId.data);
    refresh();
    return { status: "ok", message: `Card ${card.visualNumber ?? card.code} is now blocked. It no longer works at charge points.` };
  } catch (error) {
    if (error instanceof CardNotOwnedError) return notYours;
    console.error("[cards] block failed", isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
    return { status: "error", message: platformErrorMessage(error, "block the card") };
  }
}
