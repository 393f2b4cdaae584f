import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { recordAudit, auditErrorText } from "@/lib/core/audit";
import { auditReasonOf } from "@/lib/core/audit-reason";
import type { Viewer } from "@/lib/core/auth/viewer";
import { blockDriverCard, CardNotOwnedError, listDriverCards } from "@/lib/features/cards";
import { getPlatform } from "@/lib/platform";
import { sameCardCode } from "@/lib/platform/card-code";
import { PlatformUnavailableError, PlatformValidationError } from "@/lib/platform/errors";
import type { MessageKey } from "@/lib/core/i18n/translator";
import type { Card, CreateCardInput } from "@/lib/platform/types";

/**
 * Moving a card: block then create (contract §2.1, never reversed, so never active on two drivers), or one PATCH on
 * ampeco. State is always read from the platform, never remembered.
 */

export interface MoveRequest {
  sourceUserId: number;
  cardId: number;
  targetUserId: number;
}

export type MoveState =
  /** Nothing done yet: the card is usable on the source. */
  | { step: "ready"; card: Card }
  /** Step 1 done, step 2 not: the card is blocked on the source and not active on the target. */
  | {
      step: "blocked-on-source";
      card: Card;
      /** Why step 2 failed: the platform's error, which the action puts into words. */
      error?: unknown;
    }
  /** Both steps done: blocked on the source, active on the target (or, in one step, the card now on the target). */
  | { step: "done"; card: Card; targetCard: Card; oneStep?: boolean };

/** A move the card's state does not allow; `message` is a catalogue key, put into words with `values`. */
export class MoveRefusedError extends ExpectedError {
  constructor(message: MessageKey, values?: Record<string, string>) {
    super("refused", message, values);
    this.name = "MoveRefusedError";
  }
}

/** The platform calls the move needs; tests swap in a fake platform. */
export interface MoveDeps {
  listDriverCards(platformUserId: number): Promise<Card[]>;
  blockDriverCard(platformUserId: number, cardId: number): Promise<Card>;
  createCard(input: CreateCardInput): Promise<Card>;
  setCardStatus(cardId: number, status: "active"): Promise<Card>;
  /** Every link of a code, across drivers. */
  linksOfCode(code: string): Promise<Card[]>;
  /** Where the platform moves a card in one call (ampeco); absent in the contract. */
  moveInOneStep?: (cardId: number, targetUserId: number) => Promise<Card>;
  audit: typeof recordAudit;
}

export function platformMoveDeps(): MoveDeps {
  const platform = getPlatform();
  return {
    listDriverCards,
    blockDriverCard,
    createCard: (input) => platform.cards.createCard(input),
    setCardStatus: (cardId, status) => platform.cards.updateCardStatus(cardId, status),
    linksOfCode: async (code) =>
      (await platform.cards.listAllCards({ code }, { maxPages: 10 })).filter((c) => sameCardCode(c.code, code)),
    moveInOneStep: platform.cards.moveCard?.bind(platform.cards),
    audit: recordAudit,
  };
}

/** Whether this platform moves a card in one call, so staff see one step instead of two. */
export function movesInOneStep(deps: Pick<MoveDeps, "moveInOneStep"> = platformMoveDeps()): boolean {
  return deps.moveInOneStep !== undefined;
}

function cardLabel(card: Card): string {
  return card.visualNumber ? `${card.code} (${card.visualNumber})` : card.code;
}

/** Reads where the card stands now. Throws CardNotOwnedError when the card is not the source's. */
export async function inspectMove(request: MoveRequest, deps: MoveDeps = platformMoveDeps()): Promise<MoveState> {
  if (request.sourceUserId === request.targetUserId) throw new MoveRefusedError("admin.move.refused.sameDriver");
  const card = (await deps.listDriverCards(request.sourceUserId)).find((c) => c.id === request.cardId);
  if (!card) {
    // Moved in one step, the card keeps its id and is now the target's.
    const moved = deps.moveInOneStep
      ? (await deps.listDriverCards(request.targetUserId)).find((c) => c.id === request.cardId)
      : undefined;
    if (moved) return { step: "done", card: moved, targetCard: moved, oneStep: true };
    throw new CardNotOwnedError(request.cardId);
  }
  if (card.type !== "rfid") throw new MoveRefusedError("admin.move.refused.appToken");
  const links = await deps.linksOfCode(card.code);
  const onTarget = links.filter((c) => c.userId === request.targetUserId);
  const activeOnTarget = onTarget.find((c) => c.status === "active");
  if (activeOnTarget) return { step: "done", card, targetCard: activeOnTarget };
  if (card.status === "blocked") {
    // A one-step move has no half-done state: a blocked card is a lost or stolen one, not half moved.
    if (deps.moveInOneStep) throw new MoveRefusedError("admin.move.refused.blocked");
    return { step: "blocked-on-source", card };
  }
  const activeElsewhere = links.find((c) => c.status === "active" && c.userId !== request.sourceUserId);
  if (activeElsewhere) {
    throw new MoveRefusedError("admin.move.refused.activeElsewhere", { driver: String(activeElsewhere.userId) });
  }
  return { step: "ready", card };
}

/** What every step of one move works with: who moves it, which card from whom to whom, and the platform calls. */
interface Move {
  actor: Viewer;
  request: MoveRequest;
  deps: MoveDeps;
}

/** A move command: it reads where the card stands now (`inspectMove`), then acts from that state. */
function fromCurrentState<T>(act: (state: MoveState, move: Move) => Promise<T>) {
  return async (actor: Viewer, request: MoveRequest, deps: MoveDeps = platformMoveDeps()): Promise<T> =>
    act(await inspectMove(request, deps), { actor, request, deps });
}

/**
 * Runs the whole move from wherever it stands: block on the source (if not yet), then link to the
 * target. A failed second step is answered as the state it leaves, with its error.
 */
export const moveCard = fromCurrentState(async (state, move): Promise<MoveState> => {
  if (state.step === "done") return state;
  if (move.deps.moveInOneStep) return oneStep(move, state.card, move.deps.moveInOneStep);
  const card = state.step === "ready" ? await blockStep(move, state.card) : state.card;
  return linkStep(move, card);
});

/** Step 2 again after a failure. Refused when the card is usable on the source again (undone meanwhile). */
export const retryMoveLink = fromCurrentState(async (state, move): Promise<MoveState> => {
  if (state.step === "done") return state;
  if (state.step === "ready") throw new MoveRefusedError("admin.move.refused.nothingToRetry");
  return linkStep(move, state.card);
});

/**
 * Undo after step 1: the source link becomes active again. Only while the code is active nowhere
 * else, so undo can never make the card active on two drivers either.
 */
export const undoMove = fromCurrentState(async (state, move): Promise<Card> => {
  if (state.step === "ready") return state.card;
  if (state.step === "done") throw new MoveRefusedError("admin.move.refused.alreadyMoved");
  const { card } = state;
  const activeLinks = (await move.deps.linksOfCode(card.code)).filter((c) => c.status === "active");
  if (activeLinks.length > 0) throw new MoveRefusedError("admin.move.refused.activeOnAnother");
  return audited(move, "card.move.undo", card, { status: "active" }, () => move.deps.setCardStatus(card.id, "active"));
});

/** The whole move as one platform call: one audit entry, the card never on two drivers. */
async function oneStep(
  move: Move,
  card: Card,
  moveInOneStep: NonNullable<MoveDeps["moveInOneStep"]>,
): Promise<MoveState> {
  const details = { previousStatus: card.status, oneStep: true };
  const moved = await audited(move, "card.move.link", card, details, () =>
    moveInOneStep(card.id, move.request.targetUserId),
  );
  return { step: "done", card: moved, targetCard: moved, oneStep: true };
}

async function blockStep(move: Move, card: Card): Promise<Card> {
  const block = () => move.deps.blockDriverCard(move.request.sourceUserId, card.id);
  return audited(move, "card.move.block", card, { previousStatus: card.status }, block);
}

async function linkStep(move: Move, card: Card): Promise<MoveState> {
  try {
    const targetCard = await audited(move, "card.move.link", card, {}, () => linkOnTarget(move, card));
    return { step: "done", card: { ...card, status: "blocked" }, targetCard };
  } catch (error) {
    // The audit entry keeps the technical reason; the action words it for staff.
    return { step: "blocked-on-source", card: { ...card, status: "blocked" }, error };
  }
}

/** Step 2 itself: the code's link on the target, made active. */
async function linkOnTarget({ request, deps }: Move, card: Card): Promise<Card> {
  // The target may still hold an inactive link of this code (a card moved away and back):
  // the platform refuses a second link then, so that link is made active instead.
  const inactiveOnTarget = (await deps.linksOfCode(card.code)).find(
    (c) => c.userId === request.targetUserId && c.status === "inactive",
  );
  if (inactiveOnTarget) return deps.setCardStatus(inactiveOnTarget.id, "active");
  try {
    return await deps.createCard({
      userId: request.targetUserId,
      code: card.code,
      visualNumber: card.visualNumber ?? card.code,
      type: "rfid",
      status: "active",
    });
  } catch (error) {
    // A create whose answer was lost (timeout, 5xx) or refused as a duplicate may have been
    // applied: look before reporting a failure, and never send it blindly again.
    if (error instanceof PlatformUnavailableError || error instanceof PlatformValidationError) {
      const landed = (await deps.linksOfCode(card.code).catch(() => [])).find(
        (c) => c.userId === request.targetUserId && c.status === "active",
      );
      if (landed) return landed;
    }
    throw error;
  }
}

/** Runs one step of `move` on `card` and writes its audit entry, success or failure. */
async function audited<T extends Card>(
  { actor, request, deps }: Move,
  action: string,
  card: Card,
  details: Record<string, unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  const base = {
    actor,
    action,
    targetPlatformUserId: action === "card.move.link" ? request.targetUserId : request.sourceUserId,
    targetCard: cardLabel(card),
  };
  const common = {
    sourceUserId: request.sourceUserId,
    targetUserId: request.targetUserId,
    cardId: card.id,
    ...details,
  };
  try {
    const result = await fn();
    await deps.audit({
      ...base,
      outcome: "success",
      details: { ...common, resultCardId: result.id, resultStatus: result.status },
    });
    return result;
  } catch (error) {
    await deps.audit({
      ...base,
      outcome: "failure",
      details: common,
      error: auditErrorText(error),
      reason: auditReasonOf(error),
    });
    throw error;
  }
}
