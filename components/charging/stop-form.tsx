"use client";
import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";

export type StopChargingAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

/** Stop on a running session's page; after the stop the page is read again, which shows the charge's end. */
export function StopForm({
  action,
  sessionId,
  words,
}: {
  action: StopChargingAction;
  sessionId: string;
  words: { submit: string; sending: string };
}) {
  const [state, formAction] = useActionState<ActionResult, FormData>(action, idle);
  const router = useRouter();
  useEffect(() => {
    if (state.status === "ok") router.refresh();
  }, [state, router]);
  const message =
    state.status === "idle"
      ? null
      : state.status === "invalid"
        ? Object.values(state.fieldErrors).flat().join(" ")
        : (state.message ?? null);
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <input type="hidden" name="session" value={sessionId} />
      <FormStatus message={message} tone={state.status === "ok" ? "success" : "error"} />
      <SubmitButton variant="danger" pendingLabel={words.sending}>
        {words.submit}
      </SubmitButton>
    </form>
  );
}
