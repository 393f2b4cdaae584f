import "server-only";
import type { MessageKey } from "@/lib/core/i18n/translator";
import type { Card } from "@/lib/platform/types";
import { blockDriverCard, pauseDriverCard, resumeDriverCard } from "./service";
import type { CardStatusChanger } from "./status-history";

/**
 * The card status changes, each with its service and keys (`done` takes the card's label as `card`); driver and staff
 * actions are built from this table. A refusal is the service's coded error, which the action helper words.
 */
export const CARD_STATUS_CHANGES = {
  block: { service: blockDriverCard, doing: "cards.doing.block", done: "cards.done.blocked" },
  pause: { service: pauseDriverCard, doing: "cards.doing.pause", done: "cards.done.paused" },
  resume: { service: resumeDriverCard, doing: "cards.doing.resume", done: "cards.done.resumed" },
} satisfies Record<
  string,
  {
    service: (platformUserId: number, cardId: number, by: CardStatusChanger) => Promise<Card>;
    doing: MessageKey;
    done: MessageKey;
  }
>;

export type CardStatusChangeName = keyof typeof CARD_STATUS_CHANGES;
