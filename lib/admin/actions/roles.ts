"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { withAudit } from "@/lib/audit";
import { checkStaff } from "../action-guard";
import { grantStaffRole, revokeStaffRole, RoleChangeRefusedError } from "../roles";

const GrantInput = z.object({
  email: emailSchema,
  role: z.enum(["support", "admin"], { error: "Choose support or admin." }),
});
const RevokeInput = z.object({ email: emailSchema });

function refusalOrRethrow(error: unknown, values: Record<string, string>): ActionResult {
  if (error instanceof RoleChangeRefusedError) return { status: "error", code: error.reason, message: error.message, values };
  console.error("[admin] role change failed", error instanceof Error ? error.name : "unknown");
  return { status: "error", message: "The role could not be changed right now. Try again in a moment.", values };
}

/** Admins only: give a staff e-mail the support (or admin) role. */
export async function grantStaffRoleAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("admin", "role.grant");
  if (!check.ok) return check.result;
  const values = formValues(formData);
  const parsed = GrantInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };
  const { email, role } = parsed.data;
  try {
    const { previousRole } = await withAudit(check.actor, "role.grant", {}, () => grantStaffRole(check.actor, email, role), { email, role }, (r) => ({ previousRole: r.previousRole }));
    refresh();
    return {
      status: "ok",
      message: previousRole === null ? `${email} now has the ${role} role and can sign in by e-mail link.` : `${email} now has the ${role} role (was ${previousRole}).`,
    };
  } catch (error) {
    return refusalOrRethrow(error, values);
  }
}

/** Admins only: take the staff role away (the account stays, as a plain driver account). */
export async function revokeStaffRoleAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const check = await checkStaff("admin", "role.revoke");
  if (!check.ok) return check.result;
  const values = formValues(formData);
  const parsed = RevokeInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };
  const { email } = parsed.data;
  try {
    const { previousRole } = await withAudit(check.actor, "role.revoke", {}, () => revokeStaffRole(check.actor, email), { email }, (r) => ({ previousRole: r.previousRole }));
    refresh();
    return { status: "ok", message: `${email} no longer has the ${previousRole} role.` };
  } catch (error) {
    return refusalOrRethrow(error, values);
  }
}
