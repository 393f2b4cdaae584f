"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { staffAction, type FormReading } from "@/lib/actions/action";
import { AddCardInput, cardFormErrors, cardIdForm } from "@/lib/cards/card-input";
import { addCardForDriver, CardNotOwnedError } from "@/lib/cards/service";
import { CARD_STATUS_CHANGES, refusedStatusChange } from "@/lib/cards/status-changes";
import type { CardStatusChanger } from "@/lib/cards/status-history";
import type { Viewer } from "@/lib/auth/viewer";
import type { ActionResult } from "@/lib/forms/action-result";
import { CardIdArg, DriverIdArg, readDriverId } from "../driver-id";
import {
  inspectMove,
  moveCard,
  MoveRefusedError,
  retryMoveLink,
  undoMove,
  type MoveRequest,
  type MoveState,
} from "../move-card";

const NOT_OWNED = {
  status: "error",
  code: "not-owned",
  message: "That card is not on this driver's account, so nothing was changed.",
} as const;

/** Staff choose a linked card's status; active unless they say otherwise. */
const LinkCardInput = z.preprocess(
  (values) => ({
    ...(values as Record<string, unknown>),
    status: (values as Record<string, unknown>).status || "active",
  }),
  AddCardInput,
);

/** What both card actions on a driver share: support staff, the driver id bound by the driver page. */
const ON_A_DRIVER = { scope: "admin", role: "support", boundDriver: true } as const;

/** Links a new card to the driver; staff choose its status (active by default). */
const linkCard = staffAction({
  ...ON_A_DRIVER,
  audit: "card.link",
  failure: { log: "card link", doing: "link the card" },
  schema: LinkCardInput,
  ...cardFormErrors({
    here: "This card is already on this driver's account.",
    elsewhere: () =>
      "This card is active on another driver. Find it by card code and use “Move to another driver” there.",
    notDone: "The card was not linked. See the message under the card code.",
  }),
  run: async (input, { driverId, audited }): Promise<ActionResult> => {
    const card = await audited(() => addCardForDriver(driverId, input), {
      targetCard: input.code,
      details: { code: input.code, visualNumber: input.visualNumber, status: input.status ?? "active" },
      resultDetails: (linked) => ({ cardId: linked.id }),
    });
    refresh();
    return {
      status: "ok",
      message: `Card ${card.visualNumber ?? card.code} was linked to the driver (${card.status}).`,
    };
  },
});

export async function linkCardForDriverAction(driverId: number, _state: ActionResult, formData: FormData) {
  return linkCard(formData, driverId);
}

const staffCardForm = cardIdForm(NOT_OWNED);

/**
 * A staff status change of one of the driver's cards, audited as `card.<change>`; the id is checked
 * against that driver's own card list. Staff resume a paused card, and also unblock a lost one that
 * turned up (refused while its code is active on another driver).
 */
function staffCardStatusAction(change: "block" | "resume") {
  return staffAction({
    ...ON_A_DRIVER,
    audit: `card.${change}`,
    failure: { log: `card ${change}`, doing: CARD_STATUS_CHANGES[change].doing },
    ...staffCardForm,
    expected: (error) => staffCardForm.expected(error) ?? refusedStatusChange(error),
    run: async ({ cardId }, { actor, driverId, audited }): Promise<ActionResult> => {
      const card = await audited(() => CARD_STATUS_CHANGES[change].service(driverId, cardId, staffChanger(actor)), {
        targetCard: `card ${cardId}`,
        details: { cardId },
        resultDetails: (changed) => ({ code: changed.code }),
      });
      refresh();
      return { status: "ok", message: CARD_STATUS_CHANGES[change].done(card) };
    },
  });
}

const blockCard = staffCardStatusAction("block");
const resumeCard = staffCardStatusAction("resume");

export async function blockCardForDriverAction(driverId: number, _state: ActionResult, formData: FormData) {
  return blockCard(formData, driverId);
}

export async function resumeCardForDriverAction(driverId: number, _state: ActionResult, formData: FormData) {
  return resumeCard(formData, driverId);
}

/** Who a staff status change is recorded as. */
function staffChanger(actor: Viewer): CardStatusChanger {
  return { role: actor.role === "admin" ? "admin" : "support", email: actor.email };
}

export type MoveActionResult = ActionResult<{ step: MoveState["step"] }>;

const MoveForm = z.object({ cardId: CardIdArg, targetUserId: DriverIdArg });

const INTENTS = {
  move: { audit: "card.move", doing: "move the card" },
  retry: { audit: "card.move.link", doing: "link the card" },
  undo: { audit: "card.move.undo", doing: "reactivate the card" },
} as const;

function intentOf(formData: FormData | null): keyof typeof INTENTS {
  const value = formData?.get("intent");
  return typeof value === "string" && value in INTENTS ? (value as keyof typeof INTENTS) : "move";
}

function readMove(formData: FormData, sourceUserId: unknown): FormReading<MoveRequest> {
  const source = readDriverId(sourceUserId);
  const form = MoveForm.safeParse({ cardId: formData.get("cardId"), targetUserId: formData.get("targetUserId") });
  if (source === null || !form.success) return { ok: false, fieldErrors: {} };
  return { ok: true, input: { sourceUserId: source, ...form.data } };
}

function moveResult(state: MoveState, request: MoveRequest): MoveActionResult {
  if (state.step === "done") {
    const where = state.oneStep
      ? `moved from driver ${request.sourceUserId} to driver ${request.targetUserId}`
      : `blocked on driver ${request.sourceUserId} and active on driver ${request.targetUserId}`;
    return { status: "ok", data: { step: "done" }, message: `Done: card ${state.card.code} is ${where}.` };
  }
  if (state.step === "blocked-on-source") {
    return {
      status: "error",
      code: "blocked-on-source",
      message:
        `The card is blocked on driver ${request.sourceUserId} and not yet active on driver ${request.targetUserId}. ${state.error ?? ""} Retry, or undo to reactivate it on driver ${request.sourceUserId}.`.replace(
          /\s+/g,
          " ",
        ),
    };
  }
  return {
    status: "ok",
    data: { step: state.step },
    message: `Card ${state.card.code} is active on driver ${request.sourceUserId}.`,
  };
}

/**
 * The guided card move, one action for its three buttons (`intent`): "move" blocks the card on the
 * source and then links it to the target, never the other way round; after a failed second step
 * "retry" links again (checking first whether the last try landed) and "undo" reactivates the card
 * on the source (only while it is active nowhere else). One action keeps one outcome message on
 * screen while the page re-reads where the card stands.
 */
const moveCardStep = staffAction({
  scope: "admin",
  role: "support",
  audit: (formData) => INTENTS[intentOf(formData)].audit,
  failure: { log: "card move", doing: (formData) => INTENTS[intentOf(formData)].doing },
  echo: false,
  read: readMove,
  invalid: () => ({
    status: "error",
    code: "invalid",
    message: "The move request was incomplete. Open the card's move page from the driver page again.",
  }),
  expected: (error) => {
    if (error instanceof MoveRefusedError) return { status: "error", code: "refused", message: error.message };
    if (error instanceof CardNotOwnedError) return NOT_OWNED;
    return undefined;
  },
  run: async (request, { actor, formData }): Promise<MoveActionResult> => {
    try {
      const intent = intentOf(formData);
      if (intent === "move") return moveResult(await moveCard(actor, request), request);
      if (intent === "retry") return moveResult(await retryMoveLink(actor, request), request);
      const card = await undoMove(actor, request);
      const state = await inspectMove(request).catch(() => null);
      return {
        status: "ok",
        data: { step: state?.step ?? "ready" },
        message: `Undone: card ${card.code} is active on driver ${request.sourceUserId} again and was not moved.`,
      };
    } finally {
      // Whatever happened, the page re-reads where the card stands from the platform.
      refresh();
    }
  },
});

export async function moveCardStepAction(
  sourceUserId: number,
  _previous: MoveActionResult,
  formData: FormData,
): Promise<MoveActionResult> {
  return moveCardStep(formData, sourceUserId);
}
