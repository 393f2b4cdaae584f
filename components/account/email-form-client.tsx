"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { EmailField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type EmailAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The form's words, put into the page's language by the server (EmailForm). */
export interface EmailFormWords {
  /** Whose address it is, with the current address in it ("You sign in … with <strong>…</strong>."). */
  current: React.ReactNode;
  newAddress: string;
  hint: string;
  /** The message over an invalid answer (staff only: the field is re-created per answer). */
  invalid: string | null;
  change: string;
  pending: string;
  /** Staff confirm first: the question and its answer. */
  question: string | null;
  confirm: string | null;
}

/**
 * A new e-mail address: the driver's own (`driver`: it changes once the link mailed there is
 * followed) or, in the admin area, a chosen driver's (`staff`: at once, and the driver is signed out).
 */
export function EmailFormClient({
  action,
  audience,
  words,
}: {
  action: EmailAction;
  audience: "driver" | "staff";
  words: EmailFormWords;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const staff = audience === "staff";
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  const statusMessage =
    state.status === "ok" || state.status === "error"
      ? state.message
      : state.status === "invalid"
        ? words.invalid
        : null;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <p className="text-sm">{words.current}</p>
      <EmailField
        key={staff ? `email-${state.status}-${v.email ?? ""}` : undefined}
        forSomeoneElse={staff}
        label={words.newAddress}
        name="email"
        defaultValue={v.email}
        errors={errors.email}
        hint={words.hint}
      />
      <div className="flex flex-col gap-3">
        {staff ? (
          <ConfirmSubmit
            triggerLabel={words.change}
            question={words.question}
            confirmLabel={words.confirm ?? words.change}
            pendingLabel={words.pending}
            tone="primary"
          />
        ) : (
          <SubmitButton pendingLabel={words.pending} variant="secondary" className="self-start">
            {words.change}
          </SubmitButton>
        )}
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={statusMessage} />
      </div>
    </form>
  );
}
