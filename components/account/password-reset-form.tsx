"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type PasswordResetAction = (previous: ActionResult) => Promise<ActionResult>;

/** Starts the platform's password reset for the charging app; the platform mails the link. */
export function PasswordResetForm({ action }: { action: PasswordResetAction }) {
  const [state, formAction] = useActionState<ActionResult>(action, idle);
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <p className="text-sm">
        Forgot the password of the charging app? We ask the charging service to e-mail you a link to choose a new one. Signing in to this portal
        does not use that password.
      </p>
      <SubmitButton pendingLabel="Sending…" variant="secondary" className="self-start">
        Reset app password
      </SubmitButton>
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={state.status === "ok" || state.status === "error" ? state.message : null} />
    </form>
  );
}
