"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { grantStaffRole } from "@/lib/features/admin/roles";
import { GrantInput } from "@/lib/features/admin/schemas";
import { ROLE_ACTION } from "@/lib/features/admin/role-action-spec";

/** Admins only: give a staff e-mail the support (or admin) role. */
export const grantStaffRoleAction = staffAction({
  ...ROLE_ACTION,
  audit: "role.grant",
  schema: GrantInput,
  run: async ({ email, role }, { actor, audited, t }): Promise<ActionResult> => {
    const outcome = await audited(() => grantStaffRole(actor, email, role), {
      details: { email, role },
      resultDetails: (result) => ({ ...result }),
    });
    refresh();
    if (outcome.kind === "invited") {
      return { status: "ok", message: t("admin.roles.invited", { email, role }) };
    }
    return { status: "ok", message: t("admin.roles.granted", { email, role, previousRole: outcome.previousRole }) };
  },
});
