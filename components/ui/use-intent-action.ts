"use client";
import { useActionState } from "react";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

type FormAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * One action state for several forms named by a hidden `intent`, so the outcome survives when the answer swaps a form
 * or removes its row.
 */
export function useIntentActionState(actions: Record<string, FormAction>, fallback: string) {
  return useActionState<ActionResult, FormData>((previous, formData) => {
    const intent = formData.get("intent");
    const action = (typeof intent === "string" ? actions[intent] : undefined) ?? actions[fallback]!;
    return action(previous, formData);
  }, idle);
}
