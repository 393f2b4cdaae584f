"use client";
import { useActionState } from "react";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

type FormAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * One action state for several forms that each name their action in a hidden `intent` field: the
 * outcome survives when the answer swaps one form for another (a request for its cancel button) or
 * removes the row the form was in. An unknown intent runs `fallback`.
 */
export function useIntentActionState(actions: Record<string, FormAction>, fallback: string) {
  return useActionState<ActionResult, FormData>((previous, formData) => {
    const intent = formData.get("intent");
    const action = (typeof intent === "string" ? actions[intent] : undefined) ?? actions[fallback]!;
    return action(previous, formData);
  }, idle);
}
