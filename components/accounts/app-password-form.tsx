"use client";
import { useTranslations } from "next-intl";
import { useActionState, useState, type ChangeEvent } from "react";
import { SubmitButton } from "@/components/ui/button";
import { NewPasswordField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { APP_PASSWORD_MIN } from "@/lib/features/accounts/shared";

export type AppPasswordAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

interface PasswordPairProps {
  action: AppPasswordAction;
  /** The mailed link's token: the driver is not signed in. */
  token?: string;
}

/** A new charging-app password typed twice: the signed-in driver's own, or with `token` the one a mailed link stands for. */
export function AppPasswordForm(props: PasswordPairProps) {
  const t = useTranslations("appPassword.form");
  const words = { newPassword: t("newPassword"), repeat: t("repeat"), set: t("set"), setting: t("setting") };
  return <PasswordPair {...props} words={{ ...words, hint: t("hint", { min: APP_PASSWORD_MIN }) }} />;
}

/** The last sign-up step: the same pair, in the sign-up's words. */
export function FinishSignUpForm(props: PasswordPairProps) {
  const t = useTranslations("signUp.finish");
  const words = { newPassword: t("password"), repeat: t("repeat"), set: t("create"), setting: t("creating") };
  return <PasswordPair {...props} words={{ ...words, hint: t("hint", { min: APP_PASSWORD_MIN }) }} />;
}

const NOTHING_TYPED = { password: "", passwordRepeat: "" };

/**
 * A new app password typed twice (ampeco). The server never echoes it: the browser holds what was typed through an
 * error (too short, not the same twice), so the driver corrects it instead of typing both again; a success clears it.
 */
function PasswordPair({
  action,
  token,
  words,
}: PasswordPairProps & {
  words: { newPassword: string; hint: string; repeat: string; set: string; setting: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const [typed, setTyped] = useState(NOTHING_TYPED);
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    if (state.status === "ok") setTyped(NOTHING_TYPED);
  }
  const held = (name: keyof typeof typed) => ({
    value: typed[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setTyped({ ...typed, [name]: e.target.value }),
  });
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
