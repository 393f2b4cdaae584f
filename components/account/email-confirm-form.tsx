"use client";
import Link from "next/link";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import type { EmailAction } from "./email-form";

/**
 * The button that makes a pending e-mail change. A link alone never changes anything (mail
 * scanners open links); the signed-in owner presses this on the portal's own page.
 */
export function EmailConfirmForm({ action, token }: { action: EmailAction; token: string }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const done = state.status === "ok";
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      {!done && (
        <SubmitButton pendingLabel="Changing e-mail…" className="self-start">
          Confirm new address
        </SubmitButton>
      )}
      <FormStatus
        tone={done ? "success" : "error"}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
      {done && (
        <Link href="/account" className="font-semibold text-brand-700 underline dark:text-brand-100">
          Back to your account
        </Link>
      )}
    </form>
  );
}
