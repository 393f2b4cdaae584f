"use client";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { useIntentActionState } from "@/components/ui/use-intent-action";
import type { ActionResult } from "@/lib/forms/action-result";

type DeletionAction = (previous: ActionResult, formData?: FormData) => Promise<ActionResult>;

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
export function AccountDeletion({
  pendingSince,
  dueDate,
  graceDays,
  requestAction,
  cancelAction,
}: {
  /** When the open request was made (formatted), or null without one. */
  pendingSince: string | null;
  dueDate: string | null;
  graceDays: number;
  requestAction: DeletionAction;
  cancelAction: DeletionAction;
}) {
  // After either answers, the page shows the other form with this outcome.
  const [state, formAction] = useIntentActionState({ request: requestAction, cancel: cancelAction }, "request");
  if (pendingSince && dueDate) {
    return (
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You asked to delete your account on {pendingSince}. It will be carried out after {dueDate}: then your charging
          cards stop working and this portal account is deleted. Until then you can cancel.
        </p>
        <SubmitButton variant="secondary" pendingLabel="Cancelling…">
          Cancel the deletion request
        </SubmitButton>
        <Outcome state={state} />
      </form>
    );
  }
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="intent" value="request" />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Deleting your account blocks your charging cards and deletes this portal account. You can cancel within{" "}
        {graceDays} days; after that, support carries it out. Download your data first if you want to keep it.
      </p>
      <ConfirmSubmit
        triggerLabel="Delete my account"
        question={`Delete your account? You can cancel within ${graceDays} days.`}
        confirmLabel="Yes, delete my account"
        pendingLabel="Recording your request…"
      />
      <Outcome state={state} />
    </form>
  );
}
