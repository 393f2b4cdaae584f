"use client";
import { useActionState } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { CheckboxField } from "@/components/ui/checkbox-field";

export type SwitchAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/**
 * Settings that are on or off (the optional mails): a checkbox per switch ("on" when ticked), one save button, and the
 * outcome in a live region. The words come translated.
 */
export function SwitchForm({
  switches,
  action,
  words,
}: {
  switches: readonly { name: string; label: string; enabled: boolean }[];
  action: SwitchAction;
  words: { save: string; saving: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const message = state.status === "idle" ? null : (state.message ?? null);
  return (
    <form action={formAction} className="space-y-3">
      {switches.map((one) => (
        <CheckboxField key={one.name} name={one.name} label={one.label} defaultChecked={one.enabled} />
      ))}
      <SubmitButton variant="secondary" pendingLabel={words.saving}>
        {words.save}
      </SubmitButton>
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={message} />
    </form>
  );
}
