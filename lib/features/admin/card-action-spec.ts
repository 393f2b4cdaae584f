import "server-only";
import { refresh } from "next/cache";
import type { StaffActionSpec } from "@/lib/features/admin/staff-action";
import { cardIdForm, cardLabel, CARD_STATUS_CHANGES } from "@/lib/features/cards";
import type { CardStatusChanger } from "@/lib/features/cards";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { ActionResult } from "@/lib/core/actions/action-result";

/** A card id that is not on this driver's account (a crafted request, or a card moved meanwhile). */
export const NOT_OWNED = "admin.cards.notOwned";

/** What both card actions on a driver share: support staff, the driver id bound by the driver page. */
export const ON_A_DRIVER = { scope: "admin", role: "support", boundDriver: true } as const;

export const staffCardForm = cardIdForm(NOT_OWNED);

/** A staff status change, audited as `card.<change>`; the card id is checked against that driver's own list. */
export function staffCardStatusSpec(
  change: "block" | "resume",
): StaffActionSpec<{ cardId: number }, ActionResult> & { boundDriver: true } {
  return {
    ...ON_A_DRIVER,
    audit: `card.${change}`,
    failure: { log: `card ${change}`, doing: CARD_STATUS_CHANGES[change].doing },
    ...staffCardForm,
    run: async ({ cardId }, { actor, driverId, audited, t }): Promise<ActionResult> => {
      const card = await audited(() => CARD_STATUS_CHANGES[change].service(driverId, cardId, staffChanger(actor)), {
        targetCard: `card ${cardId}`,
        details: { cardId },
        resultDetails: (changed) => ({ code: changed.code }),
      });
      refresh();
      return { status: "ok", message: t(CARD_STATUS_CHANGES[change].done, { card: cardLabel(card) }) };
    },
  };
}

/** Who a staff status change is recorded as. */
export function staffChanger(actor: Viewer): CardStatusChanger {
  return { role: actor.role === "admin" ? "admin" : "support", email: actor.email };
}
