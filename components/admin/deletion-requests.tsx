"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { TextField } from "@/components/ui/field";
import { useIntentActionState } from "@/components/ui/use-intent-action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { EmptyState } from "@/components/ui/empty-state";

type StaffAction = (previous: ActionResult, formData: FormData) => Promise<ActionResult>;

export interface DeletionRequestRow {
  id: number;
  email: string;
  platformUserId: number;
  requestedOn: string;
  dueOn: string;
  /** The grace period is over: staff may carry it out. */
  due: boolean;
}

function outcome(state: ActionResult): string | null {
  if (state.status === "ok" || state.status === "error") return state.message ?? null;
  return state.status === "invalid" ? (state.message ?? null) : null;
}

/**
 * One open request: carry it out once due, or decline it with a reason the driver is mailed. Both
 * forms post to the list's one action state, because a closed request leaves the list.
 */
function RequestItem({
  request,
  state,
  formAction,
}: {
  request: DeletionRequestRow;
  state: ActionResult;
  formAction: (formData: FormData) => void;
}) {
  const t = useTranslations("staff");
  const mine = state.status !== "ok" && state.values?.requestId === String(request.id);
  const reasonErrors = mine && state.status === "invalid" ? state.fieldErrors.reason : undefined;
  const typedReason = mine ? (state.values?.reason ?? "") : "";
  const due = request.due ? "yes" : "no";
  return (
    <li className="space-y-3 p-4 wrap-anywhere">
      <div>
        <p className="font-semibold">
          <Link href={`/admin/users/${request.platformUserId}`} className="underline">
            {request.email}
          </Link>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("deletion.requested", {
            requestedOn: request.requestedOn,
            dueOn: request.dueOn,
            due,
          })}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <form action={formAction} className="space-y-2">
          <input type="hidden" name="intent" value="carry-out" />
          <input type="hidden" name="requestId" value={request.id} />
          {request.due ? (
            <ConfirmSubmit
              triggerLabel={t("deletion.carryOut", { email: request.email })}
              question={t("deletion.carryOutQuestion")}
              confirmLabel={t("deletion.carryOutConfirm")}
              pendingLabel={t("deletion.carryOutPending")}
            />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("deletion.notYetDue", { dueOn: request.dueOn })}
            </p>
          )}
        </form>
        <form action={formAction} className="space-y-2" noValidate>
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="requestId" value={request.id} />
          <TextField
            label={t("deletion.reason", { email: request.email })}
            name="reason"
            defaultValue={typedReason}
            key={typedReason}
            errors={reasonErrors}
            hint={t("deletion.reasonHint")}
            maxLength={500}
          />
          <SubmitButton variant="secondary" pendingLabel={t("deletion.declinePending")}>
            {t("deletion.decline")}
          </SubmitButton>
        </form>
      </div>
    </li>
  );
}

export function DeletionRequestList({
  requests,
  carryOutAction,
  declineAction,
}: {
  requests: DeletionRequestRow[];
  carryOutAction: StaffAction;
  declineAction: StaffAction;
}) {
  const t = useTranslations("staff");
  const [state, formAction] = useIntentActionState(
    { "carry-out": carryOutAction, decline: declineAction },
    "carry-out",
  );
  return (
    <div className="space-y-3">
      <FormStatus tone={state.status === "ok" ? "success" : "error"} message={outcome(state)} />
      {requests.length === 0 ? (
        <EmptyState>{t("deletion.none")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} state={state} formAction={formAction} />
          ))}
        </ul>
      )}
    </div>
  );
}
