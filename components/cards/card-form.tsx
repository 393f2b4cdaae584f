"use client";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/forms/action-result";

export type CardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

const STATUS_OPTIONS = [
  { value: "active", label: "Active: usable at once" },
  { value: "inactive", label: "Paused: linked, not usable until resumed" },
  { value: "blocked", label: "Blocked" },
];

/** What differs between the driver adding their own card and staff linking one to a driver. */
const AUDIENCES = {
  driver: {
    layout: "flex flex-col gap-4",
    span: "",
    codeHint:
      "The technical number (UID) on the card or its sleeve, 4 to 32 letters or digits. Spaces are removed and letters made upper case.",
    printedHint: "The number printed on the card, like NL-DPT-000123-4. Support asks for it.",
    submit: "Add card",
    pending: "Adding card…",
  },
  // Staff also choose the status, and see a summary of the invalid fields above the form.
  staff: {
    layout: "grid grid-cols-1 gap-4 sm:grid-cols-2",
    span: "sm:col-span-2",
    codeHint: "The UID, 4 to 32 letters or digits; spaces are removed and letters made upper case.",
    printedHint: undefined,
    submit: "Link card",
    pending: "Linking card…",
  },
} as const;

/** Links a new RFID card: the driver's own (`driver`) or, in the admin area, a chosen driver's (`staff`). */
export function CardForm({ action, audience }: { action: CardAction; audience: keyof typeof AUDIENCES }) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const staff = audience === "staff";
  const words = AUDIENCES[audience];
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  // After success nothing is echoed, so the reset leaves the fields empty for the next card.
  const v = state.status === "ok" ? {} : (state.values ?? {});
  // Staff fields are re-created per answer; the driver's form relies on React's reset to the new defaults.
  const keyFor = (field: string, value: string | undefined) =>
    staff ? `${field}-${state.status}-${value ?? ""}` : undefined;
  // The driver's form says why it was refused in its status line; staff read the summary instead.
  const statusMessage =
    state.status === "ok" || state.status === "error" || (!staff && state.status === "invalid") ? state.message : null;
  return (
    <form action={formAction} className={words.layout} noValidate>
      {staff && <InvalidFormSummary state={state} />}
      <TextField
        key={keyFor("code", v.code)}
        label="Card code"
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
        label="Printed number"
        name="visualNumber"
        autoComplete="off"
        required
        defaultValue={v.visualNumber}
        errors={errors.visualNumber}
        hint={words.printedHint}
      />
      {staff && (
        <SelectField
          key={`status-${state.status}-${v.status ?? "active"}`}
          className="sm:col-span-2"
          label="Status"
          name="status"
          defaultValue={v.status ?? "active"}
          options={STATUS_OPTIONS}
          errors={errors.status}
        />
      )}
      <div className={`flex flex-col gap-3 ${words.span}`.trim()}>
        <SubmitButton pendingLabel={words.pending} className="self-start">
          {words.submit}
        </SubmitButton>
        <FormStatus tone={state.status === "ok" ? "success" : "error"} message={statusMessage ?? null} />
      </div>
    </form>
  );
}
