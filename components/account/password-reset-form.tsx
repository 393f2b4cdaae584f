"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type PasswordResetAction = (previous: ActionResult) => Promise<ActionResult>;

/**
 * Starts the platform's password reset for the charging app (the platform mails the link): the
 * driver's own, or in the admin area a chosen driver's (`email` is then whom the mail goes to). Where
 * the platform mails no link (`dialect` "ampeco", staff only: drivers set a new password with
 * AppPasswordForm there), staff require a new password at the driver's next sign-in to the app.
 */
export function PasswordResetForm(
  props: { action: PasswordResetAction } & (
    { audience: "driver" } | { audience: "staff"; email: string; dialect: "spec" | "ampeco" }
  ),
) {
  const [state, formAction] = useActionState<ActionResult>(props.action, idle);
  const staff = props.audience === "staff";
  const atNextSignIn = props.audience === "staff" && props.dialect === "ampeco";
  return (
    <form action={formAction} className="flex flex-col gap-3">
      {atNextSignIn ? (
        <p className="text-sm">
          The charging app asks <strong className="break-all">{props.email}</strong> to choose a new app password at the
          next sign-in. Nobody at support sees the password.
        </p>
      ) : props.audience === "staff" ? (
        <p className="text-sm">
          The charging service mails <strong className="break-all">{props.email}</strong> a link to choose a new app
          password. Nobody at support sees the password.
        </p>
      ) : (
        <p className="text-sm">
          Forgot the password of the charging app? We ask the charging service to e-mail you a link to choose a new one.
          Signing in to this portal does not use that password.
        </p>
      )}
      <SubmitButton
        pendingLabel={atNextSignIn ? "Requiring…" : staff ? "Starting reset…" : "Sending…"}
        variant="secondary"
        className="self-start"
      >
        {atNextSignIn ? "Require a new app password" : staff ? "Start password reset" : "Reset app password"}
      </SubmitButton>
      <FormStatus
        tone={state.status === "ok" ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
    </form>
  );
}
