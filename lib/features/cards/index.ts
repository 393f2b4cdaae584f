import "server-only";

/** What other features may use of cards: the rest of the folder is its own. */
export { AddCardInput, CardCodeSchema } from "./card-input";
export { cardFormErrors, cardIdForm, cardNotOwned } from "./card-action-spec";
export { CARD_NOT_OWNED, cardLabel } from "./shared";
export { addCardForDriver, blockDriverCard, CardNotOwnedError, listDriverCards } from "./service";
export { CARD_STATUS_CHANGES } from "./status-changes";
export type { CardStatusChange, CardStatusChanger } from "./status-history";
