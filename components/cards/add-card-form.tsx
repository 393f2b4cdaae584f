"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type AddCardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** Links a new RFID card. The action is a prop so the admin area can reuse the form. */
export function AddCardForm({ action, submitLabel = "Add card" }: { action: AddCardAction; submitLabel?: string }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // After success nothing is echoed, so the reset leaves the fields empty for the next card.
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <TextField
        label="Card code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        defaultValue={v.code}
        errors={errors.code}
        hint="The technical number (UID) on the card or its sleeve, 4 to 32 letters or digits. Spaces are removed and letters made upper case."
      />
      <TextField
        label="Printed number"
        name="visualNumber"
        autoComplete="off"
        required
        defaultValue={v.visualNumber}
        errors={errors.visualNumber}
        hint="The number printed on the card, like NL-DPT-000123-4. Support asks for it."
      />
      <div className="flex flex-col gap-3">
        <SubmitButton pendingLabel="Adding card…" className="self-start">
          {submitLabel}
        </SubmitButton>
        <FormStatus
          tone={state.status === "ok" ? "success" : "error"}
          message={state.status === "ok" ? state.message : state.status === "error" || state.status === "invalid" ? state.message : null}
        />
      </div>
    </form>
  );
}
