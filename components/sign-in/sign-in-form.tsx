"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { requestSignInLinkAction } from "@/lib/features/sign-in/actions/request-sign-in-link";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";

export function SignInForm({ callbackUrl, defaultEmail }: { callbackUrl?: string; defaultEmail?: string }) {
  const t = useTranslations("signIn.form");
  const [state, action] = useActionState<ActionResult, FormData>(requestSignInLinkAction, idle);
  const fieldErrors = state.status === "invalid" ? state.fieldErrors : {};
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <TextField
        label={t("emailLabel")}
        name="email"
        type="email"
        autoComplete="email webauthn"
        required
        defaultValue={state.values?.email ?? defaultEmail ?? ""}
        errors={fieldErrors.email}
      />
      <SubmitButton pendingLabel={t("pending")}>{t("submit")}</SubmitButton>
      <FormStatus tone="error" message={state.status === "error" ? state.message : null} />
    </form>
  );
}
