"use client";
import { useActionState } from "react";
import { grantStaffRoleAction, revokeStaffRoleAction } from "@/lib/admin/actions/roles";
import { idle, type ActionResult } from "@/lib/forms/action-result";
import { SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/alert";
import { ConfirmSubmit } from "./confirm-submit";

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

export function GrantRoleForm() {
  const [state, action] = useActionState<ActionResult, FormData>(grantStaffRoleAction, idle);
  const errors = state.status === "invalid" ? state.fieldErrors : {};
  const v = state.status === "ok" ? {} : (state.values ?? {});
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate>
      <TextField label="Staff e-mail address" name="email" type="email" autoComplete="off" required defaultValue={v.email} errors={errors.email} />
      <SelectField key={`role-${v.role ?? "support"}`} label="Role" name="role" defaultValue={v.role ?? "support"} options={ROLE_OPTIONS} errors={errors.role} />
      <SubmitButton className="sm:mt-6" pendingLabel="Granting…">
        Grant role
      </SubmitButton>
      <div className="sm:col-span-3">
        <FormStatus tone={tone(state)} message={state.status === "ok" || state.status === "error" ? state.message : null} />
      </div>
    </form>
  );
}

export function StaffList({ staff, viewerEmail }: { staff: StaffRow[]; viewerEmail: string }) {
  const [state, action] = useActionState<ActionResult, FormData>(revokeStaffRoleAction, idle);
  return (
    <div className="space-y-3">
      <FormStatus tone={tone(state)} message={state.status === "ok" || state.status === "error" ? state.message : state.status === "invalid" ? "Check the e-mail address." : null} />
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
                  <form action={action}>
                    <input type="hidden" name="email" value={member.email} />
                    <ConfirmSubmit
                      triggerLabel={`Revoke ${member.role} from ${member.email}`}
                      question={`${member.email} will lose access to the admin area at once.`}
                      confirmLabel="Yes, revoke"
                      pendingLabel="Revoking…"
                    />
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
