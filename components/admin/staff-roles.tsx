"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { changeStaffEmailAction } from "@/lib/features/admin/actions/change-staff-email";
import { grantStaffRoleAction } from "@/lib/features/admin/actions/grant-staff-role";
import { resetStaffPasskeysAction } from "@/lib/features/admin/actions/reset-staff-passkeys";
import { revokeStaffRoleAction } from "@/lib/features/admin/actions/revoke-staff-role";
import { withdrawStaffInviteAction } from "@/lib/features/admin/actions/withdraw-staff-invite";
import { idle, type ActionResult } from "@/lib/core/actions/action-result";
import { EmailField } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";
import { EmptyState } from "@/components/ui/empty-state";
import { BreakableAddress } from "@/components/ui/rich-text";

export interface StaffRow {
  email: string;
  name: string | null;
  role: "support" | "admin";
  bootstrapAdmin: boolean;
}

function tone(state: ActionResult) {
  return state.status === "ok" ? "success" : "error";
}

/**
 * The answer of a revoke or withdraw button: its forms carry only the (hidden) address, so a field
 * error is answered as a whole with `invalid`.
 */
function listActionMessage(state: ActionResult, invalid: string): string | null {
  if (state.status === "ok" || state.status === "error") return state.message ?? null;
  return state.status === "invalid" ? invalid : null;
}

/** The staff steps that ask first; each has the words `roles.<step>` and its Short, Question, Confirm and Pending. */
type ConfirmedStep = "revoke" | "resetPasskeys" | "withdraw" | "changeEmail";

/** The two-step submit of a step on one staff address, `role` being the role it is about (where its words name one). */
function StaffConfirmSubmit({ step, email, role }: { step: ConfirmedStep; email: string; role?: StaffRow["role"] }) {
  const t = useTranslations("staff");
  const values = { email, role: role ?? "" };
  return (
    <ConfirmSubmit
      triggerLabel={t(`roles.${step}`, values)}
      triggerText={t(`roles.${step}Short`, values)}
      question={t(`roles.${step}Question`, values)}
      confirmLabel={t(`roles.${step}Confirm`)}
      pendingLabel={t(`roles.${step}Pending`)}
    />
  );
}

/** A row's step that posts only its (hidden) address to `action`, after the confirm. */
function AddressStepForm({
  action,
  ...confirm
}: {
  action: (formData: FormData) => void;
  step: ConfirmedStep;
  email: string;
  role?: StaffRow["role"];
}) {
  return (
    <form action={action}>
      <input type="hidden" name="email" value={confirm.email} />
      <StaffConfirmSubmit {...confirm} />
    </form>
  );
}

export function GrantRoleForm() {
  const t = useTranslations("staff");
  const roleOptions = [
    { value: "support", label: t("roles.support") },
    { value: "admin", label: t("roles.admin") },
  ];
  const [state, action] = useActionState<ActionResult, FormData>(grantStaffRoleAction, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate>
      <EmailField forSomeoneElse label={t("roles.email")} name="email" defaultValue={v.email} errors={errors.email} />
      <SelectField
        key={`role-${v.role ?? "support"}`}
        label={t("roles.role")}
        name="role"
        defaultValue={v.role ?? "support"}
        options={roleOptions}
        errors={errors.role}
      />
      <SubmitButton className="sm:mt-6" pendingLabel={t("roles.grantPending")}>
        {t("roles.grant")}
      </SubmitButton>
      <div className="sm:col-span-3">
        <FormStatus
          tone={tone(state)}
          message={state.status === "ok" || state.status === "error" ? state.message : null}
        />
      </div>
    </form>
  );
}

export function StaffList({ staff, viewerEmail }: { staff: StaffRow[]; viewerEmail: string }) {
  const t = useTranslations("staff");
  const [revokeState, revokeAction] = useActionState<ActionResult, FormData>(revokeStaffRoleAction, idle);
  const [resetState, resetAction] = useActionState<ActionResult, FormData>(resetStaffPasskeysAction, idle);
  return (
    <div className="space-y-3">
      <FormStatus tone={tone(revokeState)} message={listActionMessage(revokeState, t("roles.checkEmail"))} />
      <FormStatus tone={tone(resetState)} message={listActionMessage(resetState, t("roles.checkEmail"))} />
      {staff.length === 0 ? (
        <EmptyState>{t("roles.noStaff")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {staff.map((member) => {
            const self = member.email === viewerEmail.toLowerCase();
            const about = [
              member.name,
              t(`roles.${member.role}`),
              member.bootstrapAdmin ? t("roles.bootstrapAdmin") : null,
              self ? t("roles.you") : null,
            ]
              .filter(Boolean)
              .join(" · ");
            return (
              <li key={member.email} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold">
                    <BreakableAddress>{member.email}</BreakableAddress>
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{about}</p>
                </div>
                {self ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">{t("roles.notYourself")}</p>
                ) : (
                  <div className="flex flex-col gap-2 sm:items-end">
                    <AddressStepForm action={revokeAction} step="revoke" email={member.email} role={member.role} />
                    <AddressStepForm action={resetAction} step="resetPasskeys" email={member.email} />
                    {!member.bootstrapAdmin && <StaffEmailForm email={member.email} />}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * An admin moves a staff member to a new address (the only way a staff address changes): the role
 * then waits in an invite for the new address.
 */
function StaffEmailForm({ email }: { email: string }) {
  const t = useTranslations("staff");
  const [state, action] = useActionState<ActionResult, FormData>(changeStaffEmailAction, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={action} className="flex flex-col gap-2 sm:items-end" noValidate>
      <input type="hidden" name="email" value={email} />
      <EmailField
        forSomeoneElse
        label={t("roles.newEmail", { email })}
        name="newEmail"
        defaultValue={v.newEmail}
        errors={errors.newEmail ?? errors.email}
      />
      <StaffConfirmSubmit step="changeEmail" email={email} />
      <FormStatus
        tone={tone(state)}
        message={state.status === "ok" || state.status === "error" ? state.message : null}
      />
    </form>
  );
}

export interface InviteRow {
  email: string;
  role: "support" | "admin";
  invitedByEmail: string;
  invitedOn: string;
}

/** Roles waiting for a first sign-in with a link to the address; an admin can withdraw one. */
export function PendingInvites({ invites }: { invites: InviteRow[] }) {
  const t = useTranslations("staff");
  const [state, action] = useActionState<ActionResult, FormData>(withdrawStaffInviteAction, idle);
  return (
    <div className="space-y-3">
      <FormStatus tone={tone(state)} message={listActionMessage(state, t("roles.checkEmail"))} />
      {invites.length === 0 ? (
        <EmptyState>{t("roles.noInvites")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {invites.map((invite) => (
            <li key={invite.email} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold">
                  <BreakableAddress>{invite.email}</BreakableAddress>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t("roles.invite", {
                    role: t(`roles.${invite.role}`),
                    invitedBy: invite.invitedByEmail,
                    invitedOn: invite.invitedOn,
                  })}
                </p>
              </div>
              <AddressStepForm action={action} step="withdraw" email={invite.email} role={invite.role} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
