import "server-only";
import { getPlatform } from "@/lib/platform";
import type { Card, CardStatus } from "@/lib/platform/types";
import { AddCardInput } from "./card-input";

/**
 * RFID cards of one driver. Every function takes the TARGET platform user id: a driver action
 * passes the viewer's own id, an admin action the chosen driver's id. Who may act for whom is the
 * caller's check; that a card id really belongs to that driver is checked here, against the
 * driver's own card list, before any platform call on the id.
 */

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

const STATUS_ORDER: Record<CardStatus, number> = { active: 0, inactive: 1, blocked: 2 };

/** Usable cards first, then newest first: the card a driver is looking for is near the top. */
function byStatusThenNewest(a: Card, b: Card): number {
  const status = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (status !== 0) return status;
  return (b.createdAt ?? "").localeCompare(a.createdAt ?? "") || b.id - a.id;
}

export async function listDriverCards(platformUserId: number): Promise<Card[]> {
  const cards = await getPlatform().cards.listAllCards({ userId: platformUserId });
  // The filter is the platform's; a card of anyone else must never be shown even if it answers loosely.
  return cards.filter((card) => card.userId === platformUserId).sort(byStatusThenNewest);
}

/**
 * Links a card to the driver. The code is looked up first, so "active on another account" is
 * told in plain words whatever text the platform would use; the create is never sent blindly twice.
 */
export async function addCardForDriver(platformUserId: number, input: AddCardInput): Promise<Card> {
  const { code, visualNumber, status = "active" } = AddCardInput.parse(input);
  const platform = getPlatform();
  const sameCode = await platform.cards.listAllCards({ code });
  const matching = sameCode.filter((card) => card.code === code);
  if (matching.some((card) => card.userId === platformUserId && card.status !== "blocked")) throw new CardCodeTakenError("this-account");
  if (status === "active" && matching.some((card) => card.userId !== platformUserId && card.status === "active")) {
    throw new CardCodeTakenError("elsewhere");
  }
  return platform.cards.createCard({ userId: platformUserId, code, visualNumber, type: "rfid", status });
}

/** Blocks a lost or stolen card through Token/Update; blocking a blocked card changes nothing. */
export async function blockDriverCard(platformUserId: number, cardId: number): Promise<Card> {
  if (!Number.isSafeInteger(cardId) || cardId <= 0) throw new CardNotOwnedError(cardId);
  const own = await listDriverCards(platformUserId);
  const card = own.find((c) => c.id === cardId);
  if (!card) throw new CardNotOwnedError(cardId);
  if (card.status === "blocked") return card;
  return getPlatform().cards.updateCardStatus(card.id, "blocked");
}
