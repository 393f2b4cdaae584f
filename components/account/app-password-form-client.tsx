"use client";
import { useActionState, useState, type ChangeEvent } from "react";
import { SubmitButton } from "@/components/ui/button";
import { NewPasswordField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type AppPasswordAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The form's words, put into the page's language by the server (AppPasswordForm). */
export interface AppPasswordWords {
  newPassword: string;
  hint: string;
  repeat: string;
  set: string;
  setting: string;
}

/**
 * A new app password typed twice (ampeco). Inputs are uncontrolled and never echoed, so empty after each answer;
 * `keepTyped` holds them in the browser through an error (the last sign-up step).
 */
export function AppPasswordFormClient({
  action,
  token,
  words,
  keepTyped = false,
}: {
  action: AppPasswordAction;
  token?: string;
  words: AppPasswordWords;
  keepTyped?: boolean;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const [typed, setTyped] = useState({ password: "", passwordRepeat: "" });
  const held = (name: keyof typeof typed) =>
    keepTyped
      ? {
          value: typed[name],
          onChange: (e: ChangeEvent<HTMLInputElement>) => setTyped({ ...typed, [name]: e.target.value }),
        }
      : {};
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
          <NewPasswordField
            label={words.newPassword}
            name="password"
            errors={errors.password}
            hint={words.hint}
            {...held("password")}
          />
          <NewPasswordField
            label={words.repeat}
            name="passwordRepeat"
            errors={errors.passwordRepeat}
            {...held("passwordRepeat")}
          />
          <SubmitButton pendingLabel={words.setting} variant="secondary" className="self-start">
            {words.set}
          </SubmitButton>
        </>
      )}
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={message} />
    </form>
  );
}
