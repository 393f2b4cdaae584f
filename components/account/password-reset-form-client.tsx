"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type PasswordResetAction = (previous: ActionResult) => Promise<ActionResult>;

/** The form's words, put into the page's language by the server (PasswordResetForm). */
export interface PasswordResetWords {
  /** What pressing the button does, for whom. */
  intro: React.ReactNode;
  submit: string;
  pending: string;
}

/** Starts a charging-app password reset (PasswordResetForm says which kind, in words). */
export function PasswordResetFormClient({ action, words }: { action: PasswordResetAction; words: PasswordResetWords }) {
  const [state, formAction] = useActionState<ActionResult>(action, idle);
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <p className="text-sm">{words.intro}</p>
      <SubmitButton pendingLabel={words.pending} variant="secondary" className="self-start">
        {words.submit}
      </SubmitButton>
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
    </form>
  );
}
