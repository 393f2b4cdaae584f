"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { changeStaffEmail } from "@/lib/features/admin/staff-email";
import { StaffEmailInput } from "@/lib/features/admin/schemas";
import { ROLE_ACTION } from "@/lib/features/admin/role-action-spec";

/** Admins only: move a staff member to a new address; the role waits in an invite for that address. */
export const changeStaffEmailAction = staffAction({
  ...ROLE_ACTION,
  audit: "staff.email.change",
  failure: { log: "staff e-mail change", message: "admin.staffEmail.failed" },
  schema: StaffEmailInput,
  run: async ({ email, newEmail }, { actor, audited, t }): Promise<ActionResult> => {
    const { role } = await audited(() => changeStaffEmail(actor, email, newEmail), {
      details: { from: email, to: newEmail },
      resultDetails: (result) => ({ role: result.role }),
    });
    refresh();
    return { status: "ok", message: t("admin.staffEmail.changed", { email, newEmail, role }) };
  },
});
