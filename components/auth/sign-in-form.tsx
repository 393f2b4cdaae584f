"use client";
import { useActionState } from "react";
import { requestSignInLinkAction } from "@/lib/features/sign-in/actions/request-sign-in-link";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";

/** The form's words, translated by the page (a server component), so no catalogue reaches the browser for it. */
export interface SignInFormWords {
  emailLabel: string;
  submit: string;
  pending: string;
}

export function SignInForm({
  callbackUrl,
  defaultEmail,
  words,
}: {
  callbackUrl?: string;
  defaultEmail?: string;
  words: SignInFormWords;
}) {
  const [state, action] = useActionState<ActionResult, FormData>(requestSignInLinkAction, idle);
  const fieldErrors = state.status === "invalid" ? state.fieldErrors : {};
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <TextField
        label={words.emailLabel}
        name="email"
        type="email"
        autoComplete="email webauthn"
        required
        defaultValue={state.values?.email ?? defaultEmail ?? ""}
        errors={fieldErrors.email}
      />
      <SubmitButton pendingLabel={words.pending}>{words.submit}</SubmitButton>
      <FormStatus tone="error" message={state.status === "error" ? state.message : null} />
    </form>
  );
}
