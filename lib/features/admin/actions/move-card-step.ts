"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { CARD_NOT_OWNED, cardNotOwned } from "@/lib/features/cards";
import { hasErrorCode } from "@/lib/core/errors";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { MoveForm } from "@/lib/features/admin/schemas";
import {
  inspectMove,
  moveCard,
  retryMoveLink,
  undoMove,
  type MoveRequest,
  type MoveState,
} from "@/lib/features/admin/move-card";
import { NOT_OWNED } from "@/lib/features/admin/card-action-spec";

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
  // The page binds the source driver: the card moves from that driver's account.
  boundDriver: true,
  audit: (formData) => INTENTS[intentOf(formData)].audit,
  failure: { log: "card move", doing: (formData) => INTENTS[intentOf(formData)].doing },
  echo: false,
  schema: MoveForm,
  invalid: (_fieldErrors, _values, t) => ({
    status: "error",
    code: "invalid",
    message: t("admin.move.incomplete"),
  }),
  expected: (error, { t }) => {
    if (hasErrorCode(error, CARD_NOT_OWNED)) return cardNotOwned(t, NOT_OWNED);
    return undefined;
  },
  run: async (form, { actor, driverId, formData, t }): Promise<MoveActionResult> => {
    const request: MoveRequest = { sourceUserId: driverId, ...form };
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
