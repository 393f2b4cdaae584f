"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { revokeStaffRole } from "@/lib/features/admin/roles";
import { staffAddressSpec } from "@/lib/features/admin/role-action-spec";

/** Admins only: take the staff role away (the account stays, as a plain driver account). */
export const revokeStaffRoleAction = staffAction(
  staffAddressSpec({
    audit: "role.revoke",
    change: revokeStaffRole,
    recorded: ({ previousRole }) => ({ previousRole }),
    done: (t, email, { previousRole }) => t("admin.roles.revoked", { email, role: previousRole }),
  }),
);
