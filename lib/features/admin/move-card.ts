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

/**
 * Runs the whole move from wherever it stands: block on the source (if not yet), then link to the
 * target. A failed second step is answered as the state it leaves, with its error.
 */
export async function moveCard(
  actor: Viewer,
  request: MoveRequest,
  deps: MoveDeps = platformMoveDeps(),
): Promise<MoveState> {
  const state = await inspectMove(request, deps);
  if (state.step === "done") return state;
  if (deps.moveInOneStep) return oneStep(actor, request, state.card, deps.moveInOneStep, deps);
  let card = state.card;
  if (state.step === "ready") {
    card = await blockStep(actor, request, card, deps);
  }
  return linkStep(actor, request, card, deps);
}

/** Step 2 again after a failure. Refused when the card is usable on the source again (undone meanwhile). */
export async function retryMoveLink(
  actor: Viewer,
  request: MoveRequest,
  deps: MoveDeps = platformMoveDeps(),
): Promise<MoveState> {
  const state = await inspectMove(request, deps);
  if (state.step === "done") return state;
  if (state.step === "ready") throw new MoveRefusedError("admin.move.refused.nothingToRetry");
  return linkStep(actor, request, state.card, deps);
}

/**
 * Undo after step 1: the source link becomes active again. Only while the code is active nowhere
 * else, so undo can never make the card active on two drivers either.
 */
export async function undoMove(
  actor: Viewer,
  request: MoveRequest,
  deps: MoveDeps = platformMoveDeps(),
): Promise<Card> {
  const state = await inspectMove(request, deps);
  if (state.step === "ready") return state.card;
  if (state.step === "done") throw new MoveRefusedError("admin.move.refused.alreadyMoved");
  const activeLinks = (await deps.linksOfCode(state.card.code)).filter((c) => c.status === "active");
  if (activeLinks.length > 0) throw new MoveRefusedError("admin.move.refused.activeOnAnother");
  return audited(
    actor,
    "card.move.undo",
    request,
    state.card,
    { status: "active" },
    () => deps.setCardStatus(state.card.id, "active"),
    deps,
  );
}

/** The whole move as one platform call: one audit entry, the card never on two drivers. */
async function oneStep(
  actor: Viewer,
  request: MoveRequest,
  card: Card,
  move: NonNullable<MoveDeps["moveInOneStep"]>,
  deps: MoveDeps,
): Promise<MoveState> {
  const moved = await audited(
    actor,
    "card.move.link",
    request,
    card,
    { previousStatus: card.status, oneStep: true },
    () => move(card.id, request.targetUserId),
    deps,
  );
  return { step: "done", card: moved, targetCard: moved, oneStep: true };
}

async function blockStep(actor: Viewer, request: MoveRequest, card: Card, deps: MoveDeps): Promise<Card> {
  return audited(
    actor,
    "card.move.block",
    request,
    card,
    { previousStatus: card.status },
    () => deps.blockDriverCard(request.sourceUserId, card.id),
    deps,
  );
}

async function linkStep(actor: Viewer, request: MoveRequest, card: Card, deps: MoveDeps): Promise<MoveState> {
  try {
    const targetCard = await audited(
      actor,
      "card.move.link",
      request,
      card,
      {},
      async (): Promise<Card> => {
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
      },
      deps,
    );
    return { step: "done", card: { ...card, status: "blocked" }, targetCard };
  } catch (error) {
    // The audit entry keeps the technical reason; the action words it for staff.
    return { step: "blocked-on-source", card: { ...card, status: "blocked" }, error };
  }
}

async function audited<T extends Card>(
  actor: Viewer,
  action: string,
  request: MoveRequest,
  card: Card,
  details: Record<string, unknown>,
  fn: () => Promise<T>,
  deps: MoveDeps,
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
