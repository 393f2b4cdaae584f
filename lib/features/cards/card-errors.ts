import type { MessageKey } from "@/lib/core/i18n/translator";

/** What the card service refuses; each message is a catalogue key the card actions put into words. */

/** The card id is not in the driver's own card list (another driver's card, or none at all). */
export class CardNotOwnedError extends Error {
  constructor(readonly cardId: number) {
    super("cards.errors.notOwned" satisfies MessageKey);
    this.name = "CardNotOwnedError";
  }
}

/** The code is already linked: held by another account (staff: active on another), or already on this one. */
export class CardCodeTakenError extends Error {
  declare readonly message: MessageKey;
  constructor(readonly where: "elsewhere" | "this-account") {
    super(
      (where === "elsewhere" ? "cards.errors.heldElsewhere" : "cards.errors.alreadyOnAccount") satisfies MessageKey,
    );
    this.name = "CardCodeTakenError";
  }
}

/**
 * A status change the card's state does not allow (pausing a blocked card, a driver unblocking one):
 * the message is a catalogue key, `values` its arguments.
 */
export class CardStatusRefusedError extends Error {
  declare readonly message: MessageKey;
  constructor(
    message: MessageKey,
    readonly values: Record<string, string> = {},
  ) {
    super(message);
    this.name = "CardStatusRefusedError";
  }
}
