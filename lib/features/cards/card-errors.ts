import { ExpectedError } from "@/lib/core/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { CARD_ERROR_STATUS, CARD_NOT_OWNED } from "./shared";

/** What the card service refuses; each message is a catalogue key the card actions put into words. */

/** The card id is not in the driver's own card list (another driver's card, or none at all). */
export class CardNotOwnedError extends ExpectedError {
  constructor(readonly cardId: number) {
    super(CARD_NOT_OWNED, "cards.errors.notOwned", {}, undefined, CARD_ERROR_STATUS[CARD_NOT_OWNED]);
    this.name = "CardNotOwnedError";
  }
}

/** The code is already linked: held by another account (staff: active on another), or already on this one. */
export class CardCodeTakenError extends ExpectedError {
  declare readonly message: MessageKey;
  constructor(readonly where: "elsewhere" | "this-account") {
    super("taken", where === "elsewhere" ? "cards.errors.heldElsewhere" : "cards.errors.alreadyOnAccount");
    this.name = "CardCodeTakenError";
  }
}

/**
 * A status change the card's state does not allow (pausing a blocked card, a driver unblocking one):
 * the message is a catalogue key, `values` its arguments.
 */
export class CardStatusRefusedError extends ExpectedError {
  declare readonly message: MessageKey;
  constructor(message: MessageKey, values: Record<string, string> = {}) {
    super("refused", message, values);
    this.name = "CardStatusRefusedError";
  }
}
