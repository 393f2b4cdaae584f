"use client";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { useIntentActionState } from "@/components/ui/use-intent-action";
import type { ActionResult } from "@/lib/core/actions/action-result";

export type DeletionAction = (previous: ActionResult, formData?: FormData) => Promise<ActionResult>;

function Outcome({ state }: { state: ActionResult }) {
  return (
    <FormStatus
      tone={state.status === "ok" ? "success" : "error"}
      message={state.status === "ok" || state.status === "error" ? state.message : null}
    />
  );
}

/**
 * "Delete my account": asks once more, then records a request the driver can cancel until its
 * due date. With a request open, only the way to cancel it is shown.
 */
export function AccountDeletion({
  pendingSince,
  dueDate,
  graceDays,
  requestAction,
  cancelAction,
}: {
  /** When the open request was made (formatted), or null without one. */
  pendingSince: string | null;
  dueDate: string | null;
  graceDays: number;
  requestAction: DeletionAction;
  cancelAction: DeletionAction;
}) {
  const t = useTranslations("accountDeletion");
  // After either answers, the page shows the other form with this outcome.
  const [state, formAction] = useIntentActionState({ request: requestAction, cancel: cancelAction }, "request");
  if (pendingSince && dueDate) {
    return (
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("pending", { since: pendingSince, due: dueDate })}
        </p>
        <SubmitButton variant="secondary" pendingLabel={t("cancelling")}>
          {t("cancel")}
        </SubmitButton>
        <Outcome state={state} />
      </form>
    );
  }
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="intent" value="request" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("intro", { days: graceDays })}</p>
      <ConfirmSubmit
        triggerLabel={t("trigger")}
        question={t("question", { days: graceDays })}
        confirmLabel={t("confirm")}
        pendingLabel={t("recording")}
      />
      <Outcome state={state} />
    </form>
  );
}
