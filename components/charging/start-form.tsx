"use client";
import { useActionState, useId } from "react";
import { FormStatus } from "@/components/ui/alert";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type StartChargingAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

export interface PaymentOption {
  /** BALANCE_CHOICE or a payment method's id. */
  value: string;
  label: string;
}

/**
 * A spot's start: how to pay, then Start, which shows the price once more before the start is sent. The button is off
 * while the start is on its way, so a double click sends one; a started charge navigates to its session.
 */
export function StartForm({
  action,
  evseId,
  options,
  preselected,
  words,
}: {
  action: StartChargingAction;
  evseId: number;
  options: PaymentOption[];
  preselected: string | null;
  words: { payWith: string; submit: string; starting: string; confirm: string; confirmSubmit: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const id = useId();
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const chosen = state.values?.payment ?? preselected;
  const paymentError = errors.payment?.join(" ");
  const message = state.status === "error" ? state.message : (errors.evse?.join(" ") ?? null);
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <input type="hidden" name="evse" value={evseId} />
      <fieldset aria-describedby={paymentError ? `${id}-payment-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-700 dark:text-slate-300">{words.payWith}</legend>
        <div key={chosen ?? ""} className="mt-1 space-y-1">
          {options.map((option) => (
            <label key={option.value} className="flex min-h-10 items-center gap-2">
              <input
                type="radio"
                name="payment"
                value={option.value}
                defaultChecked={option.value === chosen}
                className="h-4 w-4 accent-brand-700 dark:accent-emerald-400"
              />
              {option.label}
            </label>
          ))}
        </div>
        {paymentError ? (
          <p id={`${id}-payment-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {paymentError}
          </p>
        ) : null}
      </fieldset>
      <FormStatus message={message} tone="error" />
      <ConfirmSubmit
        tone="primary"
        triggerLabel={words.submit}
        question={words.confirm}
        confirmLabel={words.confirmSubmit}
        pendingLabel={words.starting}
      />
    </form>
  );
}
