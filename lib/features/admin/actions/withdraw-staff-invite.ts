"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { withdrawStaffInvite } from "@/lib/features/admin/roles";
import { staffAddressSpec } from "@/lib/features/admin/role-action-spec";

/** Admins only: withdraw a pending invite before anyone signs in with it. */
export const withdrawStaffInviteAction = staffAction(
  staffAddressSpec({
    audit: "role.invite.withdraw",
    change: (_actor, email) => withdrawStaffInvite(email),
    recorded: ({ role }) => ({ role }),
    done: (t, email, { role }) => t("admin.roles.withdrawn", { email, role }),
  }),
);
