"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { AddCardInput } from "@/lib/cards/card-input";
import { addCardForDriver, blockDriverCard, CardCodeTakenError, CardNotOwnedError } from "@/lib/cards/service";
import { withAudit } from "@/lib/audit";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { isPlatformError, PlatformValidationError } from "@/lib/platform/errors";
import { platformErrorMessage, platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { checkStaff } from "../action-guard";
import { CardIdArg, DriverIdArg, readDriverId } from "../driver-id";
import { inspectMove, moveCard, MoveRefusedError, retryMoveLink, undoMove, type MoveRequest, type MoveState } from "../move-card";

const NO_DRIVER = { status: "error", code: "no-driver", message: "That driver could not be found. Open the driver again from the search." } as const;
const NOT_OWNED = { status: "error", code: "not-owned", message: "That card is not on this driver's account, so nothing was changed." } as const;

function unexpected(what: string, error: unknown, doing: string, values?: Record<string, string>): ActionResult<never> {
  console.error(`[admin] ${what} failed`, isPlatformError(error) ? error.message : error instanceof Error ? error.name : "unknown");
  return { status: "error", message: platformErrorMessage(error, doing), values };
}

/** Links a new card to the driver; staff choose its status (active by default). */
export async function linkCardForDriverAction(platformUserId: number, _previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("support", "card.link");
  if (!check.ok) return check.result;
  const values = formValues(formData);
  const id = readDriverId(platformUserId);
  if (id === null) return { ...NO_DRIVER, values };
  const parsed = AddCardInput.safeParse({ ...values, status: values.status || "active" });
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), message: "Please correct the marked fields.", values };
  const input = parsed.data;

  try {
    const card = await withAudit(
      check.actor,
      "card.link",
      { targetPlatformUserId: id, targetCard: input.code },
      () => addCardForDriver(id, input),
      { code: input.code, visualNumber: input.visualNumber, status: input.status ?? "active" },
      (c) => ({ cardId: c.id }),
    );
    refresh();
    return { status: "ok", message: `Card ${card.visualNumber ?? card.code} was linked to the driver (${card.status}).` };
  } catch (error) {
    if (error instanceof CardCodeTakenError) {
      const message =
        error.where === "elsewhere"
          ? "This card is active on another driver. Find it by card code and use “Move to another driver” there."
          : "This card is already on this driver's account.";
      return { status: "invalid", fieldErrors: { code: [message] }, message: "The card was not linked. See the message under the card code.", values };
    }
    if (error instanceof PlatformValidationError) {
      return { status: "invalid", fieldErrors: platformFieldErrors(error), message: "The charging service did not accept the card. Please correct the marked fields.", values };
    }
    return unexpected("card link", error, "link the card", values);
  }
}

/** Blocks one of the driver's cards; the id is checked against that driver's own card list. */
export async function blockCardForDriverAction(platformUserId: number, _previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("support", "card.block");
  if (!check.ok) return check.result;
  const id = readDriverId(platformUserId);
  if (id === null) return NO_DRIVER;
  const cardId = CardIdArg.safeParse(formData.get("cardId"));
  if (!cardId.success) return NOT_OWNED;
  try {
    const card = await withAudit(check.actor, "card.block", { targetPlatformUserId: id, targetCard: `card ${cardId.data}` }, () => blockDriverCard(id, cardId.data), { cardId: cardId.data }, (c) => ({
      code: c.code,
    }));
    refresh();
    return { status: "ok", message: `Card ${card.visualNumber ?? card.code} is now blocked. It no longer works at charge points.` };
  } catch (error) {
    if (error instanceof CardNotOwnedError) return NOT_OWNED;
    return unexpected("card block", error, "block the card");
  }
}

export type MoveActionResult = ActionResult<{ step: MoveState["step"] }>;

const MoveForm = z.object({ cardId: CardIdArg, targetUserId: DriverIdArg });

function readMove(sourceUserId: unknown, formData: FormData): MoveRequest | null {
  const source = readDriverId(sourceUserId);
  const form = MoveForm.safeParse({ cardId: formData.get("cardId"), targetUserId: formData.get("targetUserId") });
  if (source === null || !form.success) return null;
  return { sourceUserId: source, ...form.data };
}

function moveResult(state: MoveState, request: MoveRequest): MoveActionResult {
  if (state.step === "done") {
    return { status: "ok", data: { step: "done" }, message: `Done: card ${state.card.code} is blocked on driver ${request.sourceUserId} and active on driver ${request.targetUserId}.` };
  }
  if (state.step === "blocked-on-source") {
    return {
      status: "error",
      code: "blocked-on-source",
      message: `The card is blocked on driver ${request.sourceUserId} and not yet active on driver ${request.targetUserId}. ${state.error ?? ""} Retry, or undo to reactivate it on driver ${request.sourceUserId}.`.replace(/\s+/g, " "),
    };
  }
  return { status: "ok", data: { step: state.step }, message: `Card ${state.card.code} is active on driver ${request.sourceUserId}.` };
}

function moveError(error: unknown, doing: string): MoveActionResult {
  if (error instanceof MoveRefusedError) return { status: "error", code: "refused", message: error.message };
  if (error instanceof CardNotOwnedError) return NOT_OWNED;
  return unexpected("card move", error, doing);
}

const INTENTS = {
  move: { audit: "card.move", doing: "move the card" },
  retry: { audit: "card.move.link", doing: "link the card" },
  undo: { audit: "card.move.undo", doing: "reactivate the card" },
} as const;

/**
 * The guided card move, one action for its three buttons (`intent`): "move" blocks the card on the
 * source and then links it to the target, never the other way round; after a failed second step
 * "retry" links again (checking first whether the last try landed) and "undo" reactivates the card
 * on the source (only while it is active nowhere else). One action keeps one outcome message on
 * screen while the page re-reads where the card stands.
 */
export async function moveCardStepAction(sourceUserId: number, _previous: MoveActionResult, formData: FormData): Promise<MoveActionResult> {
  const intentValue = formData.get("intent");
  const intent = typeof intentValue === "string" && intentValue in INTENTS ? (intentValue as keyof typeof INTENTS) : "move";
  const check = await checkStaff("support", INTENTS[intent].audit);
  if (!check.ok) return check.result;
  const request = readMove(sourceUserId, formData);
  if (!request) return { status: "error", code: "invalid", message: "The move request was incomplete. Open the card's move page from the driver page again." };
  try {
    if (intent === "move") return moveResult(await moveCard(check.actor, request), request);
    if (intent === "retry") return moveResult(await retryMoveLink(check.actor, request), request);
    const card = await undoMove(check.actor, request);
    const state = await inspectMove(request).catch(() => null);
    return { status: "ok", data: { step: state?.step ?? "ready" }, message: `Undone: card ${card.code} is active on driver ${request.sourceUserId} again and was not moved.` };
  } catch (error) {
    return moveError(error, INTENTS[intent].doing);
  } finally {
    // Whatever happened, the page re-reads where the card stands from the platform.
    refresh();
  }
}
