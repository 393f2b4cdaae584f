import "server-only";
import { getPlatform } from "@/lib/platform";
import { sameCardCode } from "@/lib/platform/card-code";
import type { Card, CardStatus } from "@/lib/platform/types";
import { AddCardInput } from "./card-input";
import { CardCodeTakenError, CardNotOwnedError, CardStatusRefusedError } from "./card-errors";
import { recordCardStatusChange, type CardStatusChanger } from "./status-history";

/**
 * RFID cards of one TARGET driver. Who may act for whom is the caller's check; that a card id belongs to that driver is
 * checked here before any platform call.
 */

export { CardCodeTakenError, CardNotOwnedError, CardStatusRefusedError };

/**
 * Newest first, by when added (then by id): a stable order, so pausing or blocking a card changes its row in place and
 * the button under the pointer keeps belonging to the same card.
 */
function byNewest(a: Card, b: Card): number {
  return (b.createdAt ?? "").localeCompare(a.createdAt ?? "") || b.id - a.id;
}

export async function listDriverCards(platformUserId: number): Promise<Card[]> {
  const cards = await getPlatform().cards.listAllCards({ userId: platformUserId });
  // The filter is the platform's; a card of anyone else must never be shown even if it answers loosely.
  return cards.filter((card) => card.userId === platformUserId).sort(byNewest);
}

/** Who links a card: a driver to their own account, or staff to a chosen driver's. */
export type CardAddedBy = "driver" | "staff";

/**
 * Whether a link of the code belongs to another account. A tag without a user (ampeco) belongs to
 * no account, so it is not held by another one.
 */
function heldByAnother(card: Card, platformUserId: number): boolean {
  return card.userId !== null && card.userId !== platformUserId;
}

/**
 * Links a card; the code is looked up first, and the create is never sent twice. Who may take a code held elsewhere:
 * docs/design-notes.md#libfeaturescardsservicets.
 */
export async function addCardForDriver(platformUserId: number, input: AddCardInput, by: CardAddedBy): Promise<Card> {
  const { code, visualNumber, status = "active" } = AddCardInput.parse(input);
  const platform = getPlatform();
  const sameCode = await platform.cards.listAllCards({ code });
  const matching = sameCode.filter((card) => sameCardCode(card.code, code));
  if (matching.some((card) => card.userId === platformUserId && card.status !== "blocked"))
    throw new CardCodeTakenError("this-account");
  const elsewhere = matching.filter((card) => heldByAnother(card, platformUserId));
  if (by === "driver" ? elsewhere.length > 0 : status === "active" && elsewhere.some((c) => c.status === "active"))
    throw new CardCodeTakenError("elsewhere");
  const unassigned = matching.find((card) => card.userId === null);
  if (unassigned && platform.cards.claimCard)
    return platform.cards.claimCard(unassigned.id, { userId: platformUserId, visualNumber, status });
  return platform.cards.createCard({ userId: platformUserId, code, visualNumber, type: "rfid", status });
}

/** Blocks a lost or stolen card through Token/Update; blocking a blocked card changes nothing. */
export async function blockDriverCard(platformUserId: number, cardId: number, by?: CardStatusChanger): Promise<Card> {
  const card = await ownCard(platformUserId, cardId);
  if (card.status === "blocked") return card;
  return setStatus(card, "blocked", by);
}

/**
 * Pauses a card (the driver's reversible "freeze"): `inactive` in the contract, the owner-blocked
 * `suspended` on the real platform. Pausing a paused card changes nothing; a blocked card stays blocked.
 */
export async function pauseDriverCard(platformUserId: number, cardId: number, by: CardStatusChanger): Promise<Card> {
  const card = await ownCard(platformUserId, cardId);
  if (card.status === "inactive") return card;
  if (card.status === "blocked") throw new CardStatusRefusedError("cards.errors.blockedNothingToPause");
  return setStatus(card, "inactive", by);
}

/**
 * Makes a paused card usable again. A blocked card is lost or stolen: only staff resume it, and only
 * while its code is active on no other driver, so a card is never active on two drivers.
 */
export async function resumeDriverCard(platformUserId: number, cardId: number, by: CardStatusChanger): Promise<Card> {
  const card = await ownCard(platformUserId, cardId);
  if (card.status === "active") return card;
  if (card.status === "blocked" && by.role === "driver")
    throw new CardStatusRefusedError("cards.errors.onlySupportUnblocks");
  const activeElsewhere = (await getPlatform().cards.listAllCards({ code: card.code }, { maxPages: 10 })).find(
    (other) => sameCardCode(other.code, card.code) && other.status === "active" && heldByAnother(other, platformUserId),
  );
  // Staff may see whose it is; a driver is told no other driver's id.
  if (activeElsewhere && by.role === "driver") throw new CardStatusRefusedError("cards.errors.activeOnAnotherAccount");
  if (activeElsewhere)
    throw new CardStatusRefusedError("cards.errors.activeOnDriver", { driverId: String(activeElsewhere.userId) });
  return setStatus(card, "active", by);
}

/** A card the driver holds, so its user is known. */
type OwnCard = Card & { userId: number };

async function ownCard(platformUserId: number, cardId: number): Promise<OwnCard> {
  if (!Number.isSafeInteger(cardId) || cardId <= 0) throw new CardNotOwnedError(cardId);
  const card = (await listDriverCards(platformUserId)).find((c) => c.id === cardId);
  if (!card) throw new CardNotOwnedError(cardId);
  return { ...card, userId: platformUserId };
}

async function setStatus(card: OwnCard, status: CardStatus, by: CardStatusChanger | undefined): Promise<Card> {
  const updated = await getPlatform().cards.updateCardStatus(card.id, status);
  if (by) await recordCardStatusChange(card, status, by);
  return updated;
}
// t23 probe
