import "server-only";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import type { Card } from "@/lib/platform/types";
import { cardBlockedMessage, cardPausedMessage, cardResumedMessage } from "./card-input";
import { blockDriverCard, CardStatusRefusedError, pauseDriverCard, resumeDriverCard } from "./service";
import type { CardStatusChanger } from "./status-history";

/** The card status changes, each with its service and words; driver and staff actions are built from this table. */
export const CARD_STATUS_CHANGES = {
  block: { service: blockDriverCard, doing: "cards.doing.block", done: cardBlockedMessage },
  pause: { service: pauseDriverCard, doing: "cards.doing.pause", done: cardPausedMessage },
  resume: { service: resumeDriverCard, doing: "cards.doing.resume", done: cardResumedMessage },
} satisfies Record<
  string,
  {
    service: (platformUserId: number, cardId: number, by: CardStatusChanger) => Promise<Card>;
    doing: MessageKey;
    done: (t: Translator, card: Card) => string;
  }
>;

export type CardStatusChangeName = keyof typeof CARD_STATUS_CHANGES;

/** A change the card's status does not allow (a blocked card cannot be paused, or resumed by its driver). */
export function refusedStatusChange(error: unknown, t: Translator) {
  return error instanceof CardStatusRefusedError
    ? ({ status: "error", code: "refused", message: t(error.message, error.values) } as const satisfies ActionResult)
    : undefined;
}
