"use client";
import { useActionState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { CheckboxField } from "@/components/ui/checkbox-field";

export type SwitchAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * One setting that is on or off (a mail notice, the charge receipt): a checkbox named `name`
 * ("on" when ticked), a save button, and the outcome in a live region. The words come translated.
 */
export function SwitchForm({
  name,
  enabled,
  action,
  words,
}: {
  name: string;
  enabled: boolean;
  action: SwitchAction;
  words: { label: string; save: string; saving: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const message = state.status === "idle" ? null : (state.message ?? null);
  return (
    <form action={formAction} className="space-y-3">
      <CheckboxField name={name} label={words.label} defaultChecked={enabled} />
      <SubmitButton variant="secondary" pendingLabel={words.saving}>
        {words.save}
      </SubmitButton>
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={message} />
    </form>
  );
}
