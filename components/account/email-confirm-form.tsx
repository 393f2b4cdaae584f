"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import type { EmailAction } from "./email-form-client";
import { TextLink } from "@/components/ui/text-link";

/** The form's words, put into the page's language by the confirmation page. */
export interface EmailConfirmWords {
  confirm: string;
  changing: string;
  /** After the change: every session ended, this one too. */
  signIn: string;
}

/**
 * The button that makes a pending e-mail change. A link alone never changes anything (mail
 * scanners open links); the signed-in owner presses this on the portal's own page.
 */
export function EmailConfirmForm({
  action,
  token,
  words,
}: {
  action: EmailAction;
  token: string;
  words: EmailConfirmWords;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const done = state.status === "ok";
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      {!done && (
        <SubmitButton pendingLabel={words.changing} className="self-start">
          {words.confirm}
        </SubmitButton>
      )}
      <FormStatus
        tone={done ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
      {done && <TextLink href="/signin">{words.signIn}</TextLink>}
    </form>
  );
}
