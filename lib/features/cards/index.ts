import "server-only";

/** What other features may use of cards: the rest of the folder is its own. */
export { AddCardInput, CardCodeSchema, cardFormErrors, cardIdForm, cardLabel, cardNotOwned } from "./card-input";
export { addCardForDriver, blockDriverCard, CardNotOwnedError, listDriverCards } from "./service";
export { CARD_STATUS_CHANGES, refusedStatusChange } from "./status-changes";
export type { CardStatusChanger } from "./status-history";
