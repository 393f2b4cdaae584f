"use client";
import { useActionState } from "react";
import {
  grantStaffRoleAction,
  resetStaffPasskeysAction,
  revokeStaffRoleAction,
  withdrawStaffInviteAction,
} from "@/lib/admin/actions/roles";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";

export interface StaffRow {
  email: string;
  name: string | null;
  role: "support" | "admin";
  bootstrapAdmin: boolean;
}

const ROLE_OPTIONS = [
  { value: "support", label: "Support" },
  { value: "admin", label: "Admin" },
];

function tone(state: ActionResult) {
  return state.status === "ok" ? "success" : "error";
}

/** The answer of a revoke or withdraw button: its forms carry only the (hidden) address. */
function listActionMessage(state: ActionResult): string | null {
  if (state.status === "ok" || state.status === "error") return state.message ?? null;
  return state.status === "invalid" ? "Check the e-mail address." : null;
}

export function GrantRoleForm() {
  const [state, action] = useActionState<ActionResult, FormData>(grantStaffRoleAction, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate>
      <TextField
        label="Staff e-mail address"
        name="email"
        type="email"
        autoComplete="off"
        required
        defaultValue={v.email}
        errors={errors.email}
      />
      <SelectField
        key={`role-${v.role ?? "support"}`}
        label="Role"
        name="role"
        defaultValue={v.role ?? "support"}
        options={ROLE_OPTIONS}
        errors={errors.role}
      />
      <SubmitButton className="sm:mt-6" pendingLabel="Granting…">
        Grant role
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
  const [revokeState, revokeAction] = useActionState<ActionResult, FormData>(revokeStaffRoleAction, idle);
  const [resetState, resetAction] = useActionState<ActionResult, FormData>(resetStaffPasskeysAction, idle);
  return (
    <div className="space-y-3">
      <FormStatus tone={tone(revokeState)} message={listActionMessage(revokeState)} />
      <FormStatus tone={tone(resetState)} message={listActionMessage(resetState)} />
      {staff.length === 0 ? (
        <p>No staff accounts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {staff.map((member) => {
            const self = member.email === viewerEmail.toLowerCase();
            return (
              <li key={member.email} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold break-all">{member.email}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {member.name ? `${member.name} · ` : ""}
                    {member.role === "admin" ? "Admin" : "Support"}
                    {member.bootstrapAdmin && " · admin through the ADMIN_EMAILS setting"}
                    {self && " · you"}
                  </p>
                </div>
                {self ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">You cannot change your own role.</p>
                ) : (
                  <div className="flex flex-col gap-2 sm:items-end">
                    <form action={revokeAction}>
                      <input type="hidden" name="email" value={member.email} />
                      <ConfirmSubmit
                        triggerLabel={`Revoke ${member.role} from ${member.email}`}
                        question={`${member.email} will lose access to the admin area at once.`}
                        confirmLabel="Yes, revoke"
                        pendingLabel="Revoking…"
                      />
                    </form>
                    <form action={resetAction}>
                      <input type="hidden" name="email" value={member.email} />
                      <ConfirmSubmit
                        triggerLabel={`Reset passkeys of ${member.email}`}
                        question={`Every passkey of ${member.email} is deleted and their passkey sign-ins end. They sign in by e-mail link and enrol a new one.`}
                        confirmLabel="Yes, reset"
                        pendingLabel="Resetting…"
                      />
                    </form>
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

export interface InviteRow {
  email: string;
  role: "support" | "admin";
  invitedByEmail: string;
  invitedOn: string;
}

/** Roles waiting for a first sign-in with a link to the address; an admin can withdraw one. */
export function PendingInvites({ invites }: { invites: InviteRow[] }) {
  const [state, action] = useActionState<ActionResult, FormData>(withdrawStaffInviteAction, idle);
  return (
    <div className="space-y-3">
      <FormStatus tone={tone(state)} message={listActionMessage(state)} />
      {invites.length === 0 ? (
        <p>No pending invites.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {invites.map((invite) => (
            <li key={invite.email} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold break-all">{invite.email}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {invite.role === "admin" ? "Admin" : "Support"} · invited by {invite.invitedByEmail} on{" "}
                  {invite.invitedOn} · applies at their first sign-in
                </p>
              </div>
              <form action={action}>
                <input type="hidden" name="email" value={invite.email} />
                <ConfirmSubmit
                  triggerLabel={`Withdraw the invite of ${invite.email}`}
                  question={`A sign-in with ${invite.email} will no longer get the ${invite.role} role.`}
                  confirmLabel="Yes, withdraw"
                  pendingLabel="Withdrawing…"
                />
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
