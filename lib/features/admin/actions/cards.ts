"use server";
import "server-only";
import { refresh } from "next/cache";
import type { FormReading } from "@/lib/core/actions/action";
import { staffAction } from "@/lib/core/actions/staff-action";
import { cardFormErrors, cardIdForm, cardLabel, cardNotOwned } from "@/lib/features/cards";
import { addCardForDriver } from "@/lib/features/cards";
import { hasErrorCode } from "@/lib/core/errors";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { CARD_STATUS_CHANGES, refusedStatusChange } from "@/lib/features/cards";
import type { CardStatusChanger } from "@/lib/features/cards";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { readDriverId } from "@/lib/core/actions/driver-id";
import { LinkCardInput, MoveForm } from "../schemas";
import { inspectMove, moveCard, retryMoveLink, undoMove, type MoveRequest, type MoveState } from "../move-card";

/** A card id that is not on this driver's account (a crafted request, or a card moved meanwhile). */
const NOT_OWNED = "admin.cards.notOwned";

/** What both card actions on a driver share: support staff, the driver id bound by the driver page. */
const ON_A_DRIVER = { scope: "admin", role: "support", boundDriver: true } as const;

/** Links a new card to the driver; staff choose its status (active by default). */
export const linkCardForDriverAction = staffAction({
  ...ON_A_DRIVER,
  audit: "card.link",
  failure: { log: "card link", doing: "admin.doing.linkCard" },
  schema: LinkCardInput,
  ...cardFormErrors({
    here: "admin.cards.alreadyHere",
    elsewhere: "admin.cards.activeElsewhere",
    notDone: "admin.cards.notLinked",
  }),
  run: async (input, { driverId, audited, t }): Promise<ActionResult> => {
    const card = await audited(() => addCardForDriver(driverId, input, "staff"), {
      targetCard: input.code,
      details: { code: input.code, visualNumber: input.visualNumber, status: input.status ?? "active" },
      resultDetails: (linked) => ({ cardId: linked.id }),
    });
    refresh();
    return {
      status: "ok",
      message: t("admin.cards.linked", { card: cardLabel(card), status: card.status }),
    };
  },
});

const staffCardForm = cardIdForm(NOT_OWNED);

/** A staff status change, audited as `card.<change>`; the card id is checked against that driver's own list. */
function staffCardStatusAction(change: "block" | "resume") {
  return staffAction({
    ...ON_A_DRIVER,
    audit: `card.${change}`,
    failure: { log: `card ${change}`, doing: CARD_STATUS_CHANGES[change].doing },
    ...staffCardForm,
    expected: (error, context) => staffCardForm.expected(error, context) ?? refusedStatusChange(error, context.t),
    run: async ({ cardId }, { actor, driverId, audited, t }): Promise<ActionResult> => {
      const card = await audited(() => CARD_STATUS_CHANGES[change].service(driverId, cardId, staffChanger(actor)), {
        targetCard: `card ${cardId}`,
        details: { cardId },
        resultDetails: (changed) => ({ code: changed.code }),
      });
      refresh();
      return { status: "ok", message: CARD_STATUS_CHANGES[change].done(t, card) };
    },
  });
}

export const blockCardForDriverAction = staffCardStatusAction("block");
export const resumeCardForDriverAction = staffCardStatusAction("resume");

/** Who a staff status change is recorded as. */
function staffChanger(actor: Viewer): CardStatusChanger {
  return { role: actor.role === "admin" ? "admin" : "support", email: actor.email };
}

export type MoveActionResult = ActionResult<{ step: MoveState["step"] }>;

const INTENTS = {
  move: { audit: "card.move", doing: "admin.doing.moveCard" },
  retry: { audit: "card.move.link", doing: "admin.doing.linkCard" },
  undo: { audit: "card.move.undo", doing: "admin.doing.reactivateCard" },
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

/** The drivers of a move as its messages name them. */
function drivers(request: MoveRequest) {
  return { source: String(request.sourceUserId), target: String(request.targetUserId) };
}

function moveResult(state: MoveState, request: MoveRequest, t: Translator): MoveActionResult {
  if (state.step === "done") {
    const words = { card: state.card.code, ...drivers(request) };
    return {
      status: "ok",
      data: { step: "done" },
      message: state.oneStep ? t("admin.move.doneOneStep", words) : t("admin.move.doneTwoSteps", words),
    };
  }
  if (state.step === "blocked-on-source") {
    // Why the second step failed, in plain words; the audit entry keeps the technical reason.
    const error = "error" in state ? platformErrorMessage(t, state.error, "admin.doing.linkToOtherDriver") : "";
    return {
      status: "error",
      code: "blocked-on-source",
      message: t("admin.move.halfDone", { ...drivers(request), error }).replace(/\s+/g, " "),
    };
  }
  return {
    status: "ok",
    data: { step: state.step },
    message: t("admin.move.ready", { card: state.card.code, ...drivers(request) }),
  };
}

/**
 * The guided card move (`intent`: move, retry, undo). Move blocks on the source before linking to the target, never the
 * other way round; one action keeps one outcome message on screen.
 */
export const moveCardStepAction = staffAction({
  scope: "admin",
  role: "support",
  boundArgument: true,
  audit: (formData) => INTENTS[intentOf(formData)].audit,
  failure: { log: "card move", doing: (formData) => INTENTS[intentOf(formData)].doing },
  echo: false,
  read: readMove,
  invalid: (_fieldErrors, _values, t) => ({
    status: "error",
    code: "invalid",
    message: t("admin.move.incomplete"),
  }),
  expected: (error, { t }) => {
    if (hasErrorCode(error, "not-owned")) return cardNotOwned(t, NOT_OWNED);
    return undefined;
  },
  run: async (request, { actor, formData, t }): Promise<MoveActionResult> => {
    try {
      const intent = intentOf(formData);
      if (intent === "move") return moveResult(await moveCard(actor, request), request, t);
      if (intent === "retry") return moveResult(await retryMoveLink(actor, request), request, t);
      const card = await undoMove(actor, request);
      const state = await inspectMove(request).catch(() => null);
      return {
        status: "ok",
        data: { step: state?.step ?? "ready" },
        message: t("admin.move.undone", { card: card.code, source: String(request.sourceUserId) }),
      };
    } finally {
      // Whatever happened, the page re-reads where the card stands from the platform.
      refresh();
    }
  },
});
