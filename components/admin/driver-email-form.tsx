"use client";
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { ConfirmSubmit } from "./confirm-submit";

type Action = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** Staff move a driver to a new e-mail address (platform and portal sign-in), after a confirmation. */
export function DriverEmailForm({ action, currentEmail }: { action: Action; currentEmail: string }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <p className="text-sm">
        The driver signs in with <strong className="break-all">{currentEmail}</strong>.
      </p>
      <TextField
        key={`email-${state.status}-${v.email ?? ""}`}
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete="off"
        required
        defaultValue={v.email}
        errors={errors.email}
        hint="The driver's next portal sign-in link and the charging service's mails go to the new address."
      />
      <div className="flex flex-col gap-3">
        <ConfirmSubmit
          triggerLabel="Change e-mail"
          question="Change the driver's sign-in address? The old address stops working for sign-in at once."
          confirmLabel="Yes, change e-mail"
          pendingLabel="Changing e-mail…"
          tone="primary"
        />
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={state.status === "ok" || state.status === "error" ? state.message : state.status === "invalid" ? "The e-mail address was not changed. See the message under the field." : null} />
      </div>
    </form>
  );
}
