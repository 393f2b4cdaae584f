"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

type Action = (previous: ActionResult) => Promise<ActionResult>;

/** Starts the platform's password reset for the driver's charging-app account. */
export function DriverPasswordReset({ action, email }: { action: Action; email: string }) {
  const [state, formAction] = useActionState<ActionResult>(action, idle);
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <p className="text-sm">
        The charging service mails <strong className="break-all">{email}</strong> a link to choose a new app password. Nobody at support sees the password.
      </p>
      <SubmitButton pendingLabel="Starting reset…" variant="secondary" className="self-start">
        Start password reset
      </SubmitButton>
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={state.status === "ok" || state.status === "error" ? state.message : null} />
    </form>
  );
}
