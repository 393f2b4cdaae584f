/** What the card service refuses, in words the card actions map to their answers. */

/** The card id is not in the driver's own card list (another driver's card, or none at all). */
export class CardNotOwnedError extends Error {
  constructor(readonly cardId: number) {
    super("That card is not on this account.");
    this.name = "CardNotOwnedError";
  }
}

/** The code is already linked: active on another account, or already on this one. */
export class CardCodeTakenError extends Error {
  constructor(readonly where: "elsewhere" | "this-account") {
    super(
      where === "elsewhere"
        ? "This card is already active on another account. If it is yours, ask support to move it to your account."
        : "This card is already on this account.",
    );
    this.name = "CardCodeTakenError";
  }
}

/** A status change the card's state does not allow (pausing a blocked card, a driver unblocking one). */
export class CardStatusRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardStatusRefusedError";
  }
}
