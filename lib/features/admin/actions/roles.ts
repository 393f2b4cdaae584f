"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { staffAction } from "@/lib/core/actions/action";
import { emailSchema } from "@/lib/core/auth/schemas";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { withAudit } from "@/lib/core/audit";
import { grantStaffRole, revokeStaffRole, withdrawStaffInvite } from "../roles";
import { changeStaffEmail } from "../staff-email";
import { resetStaffPasskeys } from "../staff-passkeys";
import { notifyPasskeyChange } from "@/lib/features/passkeys";
import { relyingParty } from "@/lib/features/passkeys";

const GrantInput = z.object({
  email: emailSchema,
  role: z.enum(["support", "admin"], { error: "admin.roles.chooseRole" }),
});
/** Revoke and withdraw both name an address from the staff list. */
const AddressInput = z.object({ email: emailSchema });

/** What every role action shares: admins only, refusals in plain words, one failure line. */
const ROLE_ACTION = {
  scope: "admin",
  role: "admin",
  failure: { log: "role change", message: "admin.roles.failed" },
} as const;

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

/** An admin's action on one address from the staff list, audited under `audit`. */
function staffAddressAction(audit: string, change: (actor: Viewer, email: string, t: Translator) => Promise<string>) {
  return staffAction({
    ...ROLE_ACTION,
    audit,
    schema: AddressInput,
    run: async ({ email }, { actor, t }): Promise<ActionResult> => {
      const message = await change(actor, email, t);
      refresh();
      return { status: "ok", message };
    },
  });
}

/** Admins only: take the staff role away (the account stays, as a plain driver account). */
export const revokeStaffRoleAction = staffAddressAction("role.revoke", async (actor, email, t) => {
  const { previousRole } = await withAudit({
    actor,
    action: "role.revoke",
    run: () => revokeStaffRole(actor, email),
    details: { email },
    resultDetails: (result) => ({ previousRole: result.previousRole }),
  });
  return t("admin.roles.revoked", { email, role: previousRole });
});

/** Admins only: withdraw a pending invite before anyone signs in with it. */
export const withdrawStaffInviteAction = staffAddressAction("role.invite.withdraw", async (actor, email, t) => {
  const { role } = await withAudit({
    actor,
    action: "role.invite.withdraw",
    run: () => withdrawStaffInvite(email),
    details: { email },
    resultDetails: (result) => ({ role: result.role }),
  });
  return t("admin.roles.withdrawn", { email, role });
});

/** Admins only: delete a staff member's passkeys and end all their sessions; they sign in and enrol again. */
export const resetStaffPasskeysAction = staffAddressAction("staff.passkeys.reset", async (actor, email, t) => {
  const { removed } = await withAudit({
    actor,
    action: "staff.passkeys.reset",
    run: () => resetStaffPasskeys(email),
    details: { email },
    resultDetails: (result) => ({ removed: result.removed }),
  });
  await notifyPasskeyChange(email, "reset", "", (await relyingParty()).origin);
  return t("admin.roles.passkeysReset", { email, count: removed });
});

const StaffEmailInput = z.object({ email: emailSchema, newEmail: emailSchema });

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
