"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { resetStaffPasskeys } from "@/lib/features/admin/staff-passkeys";
import { notifyPasskeyChange, relyingParty } from "@/lib/features/passkeys";
import { staffAddressSpec } from "@/lib/features/admin/role-action-spec";

/** Admins only: delete a staff member's passkeys and end all their sessions; they sign in and enrol again. */
export const resetStaffPasskeysAction = staffAction(
  staffAddressSpec({
    audit: "staff.passkeys.reset",
    change: (_actor, email) => resetStaffPasskeys(email),
    recorded: ({ removed }) => ({ removed }),
    done: (t, email, { removed }) => t("admin.roles.passkeysReset", { email, count: removed }),
    then: async (email) => notifyPasskeyChange({ email, staff: true }, "reset", "", (await relyingParty()).origin),
  }),
);
