"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { cardLabel, addCardForDriver, cardFormErrors } from "@/lib/features/cards";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { LinkCardInput } from "@/lib/features/admin/schemas";
import { ON_A_DRIVER } from "@/lib/features/admin/card-action-spec";

/** Links a new card to the driver; staff choose its status (active by default). */
export const linkCardForDriverAction = staffAction({
  ...ON_A_DRIVER,
  audit: "card.link",
  failure: { log: "card link", doing: "admin.doing.linkCard" },
  schema: LinkCardInput,
  ...cardFormErrors({
    here: "admin.cards.alreadyHere",
    elsewhere: "admin.cards.activeElsewhere",
    notDone: "admin.cards.notLinked",
  }),
  run: async (input, { driverId, audited, t }): Promise<ActionResult> => {
    const card = await audited(() => addCardForDriver(driverId, input, "staff"), {
      targetCard: input.code,
      details: { code: input.code, visualNumber: input.visualNumber, status: input.status ?? "active" },
      resultDetails: (linked) => ({ cardId: linked.id }),
    });
    refresh();
    return {
      status: "ok",
      message: t("admin.cards.linked", { card: cardLabel(card), status: card.status }),
    };
  },
});
