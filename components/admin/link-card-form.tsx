"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

type Action = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

const STATUS_OPTIONS = [
  { value: "active", label: "Active: usable at once" },
  { value: "inactive", label: "Inactive: linked, not usable yet" },
  { value: "blocked", label: "Blocked" },
];

/** Links a new card to the driver; unlike the driver's own form, staff choose the status. */
export function LinkCardForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // After success nothing is echoed, so the reset leaves the fields empty for the next card.
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={formAction} className="grid gap-4 sm:grid-cols-2" noValidate>
      <InvalidFormSummary state={state} />
      <TextField
        key={`code-${state.status}-${v.code ?? ""}`}
        label="Card code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        defaultValue={v.code}
        errors={errors.code}
        hint="The UID, 4 to 32 letters or digits; spaces are removed and letters made upper case."
      />
      <TextField
        key={`visual-${state.status}-${v.visualNumber ?? ""}`}
        label="Printed number"
        name="visualNumber"
        autoComplete="off"
        required
        defaultValue={v.visualNumber}
        errors={errors.visualNumber}
      />
      <SelectField key={`status-${state.status}-${v.status ?? "active"}`} className="sm:col-span-2" label="Status" name="status" defaultValue={v.status ?? "active"} options={STATUS_OPTIONS} errors={errors.status} />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <SubmitButton pendingLabel="Linking card…" className="self-start">
          Link card
        </SubmitButton>
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={state.status === "ok" || state.status === "error" ? state.message : null} />
      </div>
    </form>
  );
}
