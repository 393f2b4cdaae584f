"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type AppPasswordAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * A new charging-app password, typed twice, where the platform sets it directly (ampeco): the signed-in
 * driver's own, or with `token` the one a mailed link stands for. The inputs are uncontrolled and the
 * server never echoes them, so after every answer they are empty. After a link's password is set the
 * form is gone: the link works once.
 */
export function AppPasswordForm({ action, token }: { action: AppPasswordAction; token?: string }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const done = token !== undefined && state.status === "ok";
  const message =
    state.status === "ok" || state.status === "error"
      ? state.message
      : state.status === "invalid"
        ? (state.message ?? null)
        : null;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      {token !== undefined && <input type="hidden" name="token" value={token} />}
      {!done && (
        <>
          <TextField
            label="New app password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            errors={errors.password}
            hint="At least 6 characters. It goes once to the charging service; this portal never stores it."
          />
          <TextField
            label="Repeat the new app password"
            name="passwordRepeat"
            type="password"
            autoComplete="new-password"
            required
            errors={errors.passwordRepeat}
          />
          <SubmitButton pendingLabel="Setting app password…" variant="secondary" className="self-start">
            Set app password
          </SubmitButton>
        </>
      )}
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={message} />
    </form>
  );
}
