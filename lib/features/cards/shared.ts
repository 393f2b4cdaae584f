/** The cards feature's browser-safe public module (types, codes, pure functions); index.ts is its server half. */
export { cardStatusNote, type CardStatusNote } from "./status-note";

export const CARD_STATUSES = ["active", "blocked", "inactive"] as const;

/** How a card is named to people: its printed number, or its code when it has none. */
export function cardLabel(card: { code: string; visualNumber: string | null }): string {
  return card.visualNumber ?? card.code;
}
