"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { cardIdForm } from "@/lib/features/cards/card-input";
import {
  CARD_STATUS_CHANGES,
  refusedStatusChange,
  type CardStatusChangeName,
} from "@/lib/features/cards/status-changes";

const cardForm = cardIdForm("cards.errors.notOwned");

/**
 * A status change of one of the signed-in driver's own cards. The id comes from the browser, so the
 * service checks it against the driver's own card list before the platform hears of it.
 */
function driverCardStatusAction(change: CardStatusChangeName) {
  return driverAction({
    scope: "cards",
    failure: { log: change, doing: CARD_STATUS_CHANGES[change].doing },
    ...cardForm,
    expected: (error, context) => cardForm.expected(error, context) ?? refusedStatusChange(error, context.t),
    run: async ({ cardId }, { actor, t }): Promise<ActionResult> => {
      const card = await CARD_STATUS_CHANGES[change].service(actor.platformUserId, cardId, { role: "driver" });
      refresh();
      return { status: "ok", message: CARD_STATUS_CHANGES[change].done(t, card) };
    },
  });
}

/** Lost or stolen: permanent for the driver, only support can undo it. */
export const blockCardAction = driverCardStatusAction("block");
/** Reversible by the driver at any time. */
export const pauseCardAction = driverCardStatusAction("pause");
/** A paused card works again; a blocked one is support's to undo (the service refuses it). */
export const resumeCardAction = driverCardStatusAction("resume");
