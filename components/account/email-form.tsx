"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type EmailAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** Moves the account to a new e-mail address; sign-in follows it. */
export function EmailForm({ action, currentEmail }: { action: EmailAction; currentEmail: string }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <p className="text-sm">
        You sign in to this portal and the charging app with <strong className="break-all">{currentEmail}</strong>.
      </p>
      <TextField
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={v.email}
        errors={errors.email}
        hint="Your next sign-in link goes to the new address."
      />
      <div className="flex flex-col gap-3">
        <SubmitButton pendingLabel="Changing e-mail…" variant="secondary" className="self-start">
          Change e-mail
        </SubmitButton>
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={state.status === "ok" || state.status === "error" ? state.message : null} />
      </div>
    </form>
  );
}
