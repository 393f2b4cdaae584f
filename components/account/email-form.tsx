"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type EmailAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** What differs between a driver asking for a new address and staff changing a driver's. */
const AUDIENCES = {
  driver: {
    whose: "You sign in to this portal and the charging app with",
    autoComplete: "email",
    hint: "We mail a link to the new address. Your address changes only when you follow it, signed in here.",
    invalid: null,
  },
  // Staff change it at once (a verified staff action), so they confirm first; the field is re-created per answer.
  staff: {
    whose: "The driver signs in with",
    autoComplete: "off",
    hint: "The driver's next portal sign-in link and the charging service's mails go to the new address.",
    invalid: "The e-mail address was not changed. See the message under the field.",
  },
} as const;

/**
 * A new e-mail address: the driver's own (`driver`: it changes once the link mailed there is
 * followed) or, in the admin area, a chosen driver's (`staff`: at once, and the driver is signed out).
 */
export function EmailForm({
  action,
  currentEmail,
  audience,
}: {
  action: EmailAction;
  currentEmail: string;
  audience: keyof typeof AUDIENCES;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const words = AUDIENCES[audience];
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
      <p className="text-sm">
        {words.whose} <strong className="break-all">{currentEmail}</strong>.
      </p>
      <TextField
        key={staff ? `email-${state.status}-${v.email ?? ""}` : undefined}
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete={words.autoComplete}
        required
        defaultValue={v.email}
        errors={errors.email}
        hint={words.hint}
      />
      <div className="flex flex-col gap-3">
        {staff ? (
          <ConfirmSubmit
            triggerLabel="Change e-mail"
            question="Change the driver's sign-in address? The old address stops working for sign-in at once, and the driver is signed out on every device."
            confirmLabel="Yes, change e-mail"
            pendingLabel="Changing e-mail…"
            tone="primary"
          />
        ) : (
          <SubmitButton pendingLabel="Sending link…" variant="secondary" className="self-start">
            Change e-mail
          </SubmitButton>
        )}
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={statusMessage} />
      </div>
    </form>
  );
}
