"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type CardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The form's words, already in the reader's language (CardForm reads them on the server). */
export interface CardFormWords {
  codeLabel: string;
  codeHint: string;
  printedLabel: string;
  printedHint?: string;
  statusLabel: string;
  statusOptions: readonly { value: string; label: string }[];
  submit: string;
  pending: string;
}

const LAYOUTS = {
  driver: { form: "flex flex-col gap-4", span: "" },
  // Staff also choose the status, and see a summary of the invalid fields above the form.
  staff: { form: "grid grid-cols-1 gap-4 sm:grid-cols-2", span: "sm:col-span-2" },
} as const;

/** Links a new RFID card: the driver's own (`driver`) or, in the admin area, a chosen driver's (`staff`). */
export function CardFormFields({
  action,
  audience,
  words,
}: {
  action: CardAction;
  audience: keyof typeof LAYOUTS;
  words: CardFormWords;
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const staff = audience === "staff";
  const layout = LAYOUTS[audience];
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // After success nothing is echoed, so the reset leaves the fields empty for the next card.
  const v = state.status === "ok" ? {} : (state.values ?? {});
  // Staff fields are re-created per answer; the driver's form relies on React's reset to the new defaults.
  const keyFor = (field: string, value: string | undefined) =>
    staff ? `${field}-${state.status}-${value ?? ""}` : undefined;
  // The driver's form says why it was refused in its status line; staff read the summary instead.
  const statusMessage =
    state.status === "ok" || state.status === "error" || (!staff && state.status === "invalid") ? state.message : null;
  const status = v.status ?? "active";
  return (
    <form action={formAction} className={layout.form} noValidate>
      {staff && <InvalidFormSummary state={state} />}
      <TextField
        key={keyFor("code", v.code)}
        label={words.codeLabel}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        defaultValue={v.code}
        errors={errors.code}
        hint={words.codeHint}
      />
      <TextField
        key={keyFor("visual", v.visualNumber)}
        label={words.printedLabel}
        name="visualNumber"
        autoComplete="off"
        required
        defaultValue={v.visualNumber}
        errors={errors.visualNumber}
        hint={words.printedHint}
      />
      {staff && (
        <SelectField
          key={keyFor("status", status)}
          className="sm:col-span-2"
          label={words.statusLabel}
          name="status"
          defaultValue={status}
          options={words.statusOptions}
          errors={errors.status}
        />
      )}
      <div className={`flex flex-col gap-3 ${layout.span}`.trim()}>
        <SubmitButton pendingLabel={words.pending} className="self-start">
          {words.submit}
        </SubmitButton>
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={statusMessage ?? null} />
      </div>
    </form>
  );
}
