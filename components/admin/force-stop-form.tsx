"use client";
import { useActionState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type ForceStopAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** Support's forced stop of one running charge, asked once more before it is sent; a success reloads the page. */
export function ForceStopForm({
  action,
  sessionId,
  words,
}: {
  action: ForceStopAction;
  sessionId: string;
  words: { trigger: string; triggerLabel: string; question: string; confirm: string; pending: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const message =
    state.status === "error"
      ? state.message
      : state.status === "invalid"
        ? Object.values(state.fieldErrors).flat().join(" ")
        : null;
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="session" value={sessionId} />
      <ConfirmSubmit
        triggerLabel={words.triggerLabel}
        triggerText={words.trigger}
        question={words.question}
        confirmLabel={words.confirm}
        pendingLabel={words.pending}
      />
      <FormStatus message={message} tone="error" />
    </form>
  );
}
