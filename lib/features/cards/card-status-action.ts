import "server-only";
import { refresh } from "next/cache";
import type { ActionSpec } from "@/lib/core/actions/action";
import type { DriverViewer } from "@/lib/core/auth/guards";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { cardIdForm } from "@/lib/features/cards/card-action-spec";
import { CARD_STATUS_CHANGES, type CardStatusChangeName } from "@/lib/features/cards/status-changes";
import { cardLabel } from "@/lib/features/cards/shared";

export const cardForm = cardIdForm("cards.errors.notOwned");

/**
 * A status change of one of the signed-in driver's own cards. The id comes from the browser, so the
 * service checks it against the driver's own card list before the platform hears of it.
 */
export function driverCardStatusSpec(
  change: CardStatusChangeName,
): ActionSpec<{ cardId: number }, DriverViewer, ActionResult> {
  return {
    scope: "cards",
    failure: { log: change, doing: CARD_STATUS_CHANGES[change].doing },
    ...cardForm,
    run: async ({ cardId }, { actor, t }): Promise<ActionResult> => {
      const card = await CARD_STATUS_CHANGES[change].service(actor.platformUserId, cardId, { role: "driver" });
      refresh();
      return { status: "ok", message: t(CARD_STATUS_CHANGES[change].done, { card: cardLabel(card) }) };
    },
  };
}
