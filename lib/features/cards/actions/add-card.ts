"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { AddCardInput } from "@/lib/features/cards/card-input";
import { cardFormErrors } from "@/lib/features/cards/card-action-spec";
import { cardLabel } from "@/lib/features/cards/shared";
import { addCardForDriver } from "@/lib/features/cards/service";

/** Drivers add their own cards, always active: status is not theirs to choose. */
const DriverAddCardInput = AddCardInput.omit({ status: true });

export const addCardAction = driverAction({
  scope: "cards",
  failure: { log: "add", doing: "cards.doing.add" },
  schema: DriverAddCardInput,
  // A taken code is answered in the words the error carries (the driver's own).
  ...cardFormErrors({ notDone: "cards.add.notDone" }),
  run: async (input, { actor, t }): Promise<ActionResult> => {
    const card = await addCardForDriver(actor.platformUserId, { ...input, status: "active" }, "driver");
    refresh();
    return { status: "ok", message: t("cards.add.done", { card: cardLabel(card) }) };
  },
});
