"use client";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { useIntentActionState } from "@/components/ui/use-intent-action";
import type { ActionResult } from "@/lib/core/actions/action-result";

export type DeletionAction = (previous: ActionResult, formData?: FormData) => Promise<ActionResult>;

/** The words of either form, put into the page's language by the server (AccountDeletion). */
export type AccountDeletionWords =
  | { pending: true; text: string; cancel: string; cancelling: string }
  | { pending: false; text: string; trigger: string; question: string; confirm: string; recording: string };

function Outcome({ state }: { state: ActionResult }) {
  return (
    <FormStatus
      tone={state.status === "ok" ? "success" : "error"}
      message={state.status === "ok" || state.status === "error" ? state.message : null}
    />
  );
}

/**
 * "Delete my account": asks once more, then records a request the driver can cancel until its
 * due date. With a request open, only the way to cancel it is shown.
 */
export function AccountDeletionClient({
  words,
  requestAction,
  cancelAction,
}: {
  words: AccountDeletionWords;
  requestAction: DeletionAction;
  cancelAction: DeletionAction;
}) {
  // After either answers, the page shows the other form with this outcome.
  const [state, formAction] = useIntentActionState({ request: requestAction, cancel: cancelAction }, "request");
  if (words.pending) {
    return (
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-sm text-slate-700 dark:text-slate-300">{words.text}</p>
        <SubmitButton variant="secondary" pendingLabel={words.cancelling}>
          {words.cancel}
        </SubmitButton>
        <Outcome state={state} />
      </form>
    );
  }
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="intent" value="request" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{words.text}</p>
      <ConfirmSubmit
        triggerLabel={words.trigger}
        question={words.question}
        confirmLabel={words.confirm}
        pendingLabel={words.recording}
      />
      <Outcome state={state} />
    </form>
  );
}
