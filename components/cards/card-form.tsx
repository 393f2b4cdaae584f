"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { FormStatus, InvalidFormSummary } from "@/components/ui/alert";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import type { CARD_STATUSES } from "@/lib/features/cards/shared";
import { useLastAction } from "@/components/ui/last-action";

export type CardAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** The staff's status choices, in the order they are offered (active first: the default). */
const STATUS_OPTIONS = ["active", "inactive", "blocked"] as const satisfies readonly (typeof CARD_STATUSES)[number][];

const LAYOUTS = {
  driver: { form: "flex flex-col gap-4", span: "" },
  // Staff also choose the status, and see a summary of the invalid fields above the form.
  staff: { form: "grid grid-cols-1 gap-4 sm:grid-cols-2", span: "sm:col-span-2" },
} as const;

/** Links a new RFID card: the driver's own (`driver`) or, in the admin area, a chosen driver's (`staff`), who choose its status. */
export function CardForm({ action, audience }: { action: CardAction; audience: keyof typeof LAYOUTS }) {
  const t = useTranslations("cards.form");
  const driver = audience === "driver";
  const words = {
    codeLabel: t("codeLabel"),
    codeHint: driver ? t("codeHintDriver") : t("codeHintStaff"),
    printedLabel: t("printedLabel"),
    printedHint: driver ? t("printedHint") : undefined,
    statusLabel: t("statusLabel"),
    statusOptions: STATUS_OPTIONS.map((value) => ({ value, label: t(`statusOptions.${value}`) })),
    submit: driver ? t("addSubmit") : t("linkSubmit"),
    pending: driver ? t("addPending") : t("linkPending"),
  };
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const { isLast, claim } = useLastAction();
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
    isLast && (state.status === "ok" || state.status === "error" || (!staff && state.status === "invalid"))
      ? state.message
      : null;
  const status = v.status ?? "active";
  return (
    <form action={formAction} onSubmit={claim} className={layout.form} noValidate>
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
