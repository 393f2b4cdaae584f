"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/actions/action";
import type { ActionResult } from "@/lib/forms/action-result";
import { AddCardInput, cardFormErrors } from "./card-input";
import { addCardForDriver } from "./service";

/** Drivers add their own cards, always active: status is not theirs to choose. */
const DriverAddCardInput = AddCardInput.omit({ status: true });

const addCard = driverAction({
  scope: "cards",
  failure: { log: "add", doing: "add the card" },
  schema: DriverAddCardInput,
  ...cardFormErrors({
    here: "This card is already on your account.",
    elsewhere: (error) => error.message,
    notDone: "The card was not added. See the message under the card code.",
  }),
  run: async (input, { actor }): Promise<ActionResult> => {
    const card = await addCardForDriver(actor.platformUserId, { ...input, status: "active" });
    refresh();
    return { status: "ok", message: `Card ${card.visualNumber ?? card.code} was added and can be used at once.` };
  },
});

export async function addCardAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return addCard(formData);
}
