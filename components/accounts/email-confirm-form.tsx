"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import type { EmailAction } from "./email-form";
import { TextLink } from "@/components/ui/text-link";

/**
 * The button that makes a pending e-mail change. A link alone never changes anything (mail
 * scanners open links); the signed-in owner presses this on the portal's own page.
 */
export function EmailConfirmForm({ action, token }: { action: EmailAction; token: string }) {
  const t = useTranslations("profile.emailConfirm");
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const done = state.status === "ok";
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      {!done && (
        <SubmitButton pendingLabel={t("changing")} className="self-start">
          {t("confirm")}
        </SubmitButton>
      )}
      <FormStatus
        tone={done ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
      {/* After the change every session ended, this one too. */}
      {done && <TextLink href="/signin">{t("signIn")}</TextLink>}
    </form>
  );
}
