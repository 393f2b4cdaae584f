"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { grantStaffRole, revokeStaffRole, withdrawStaffInvite } from "../roles";
import { changeStaffEmail } from "../staff-email";
import { AddressInput, GrantInput, StaffEmailInput } from "../schemas";
import { resetStaffPasskeys } from "../staff-passkeys";
import { notifyPasskeyChange } from "@/lib/features/passkeys";
import { relyingParty } from "@/lib/features/passkeys";

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

interface StaffAddressStep<R> {
  audit: string;
  change: (actor: Viewer, email: string) => Promise<R>;
  recorded: (result: R) => Record<string, unknown>;
  done: (t: Translator, email: string, result: R) => string;
  /** After the audited change (a notice mail): its failure does not undo the change. */
  then?: (email: string) => Promise<void>;
}

/** An admin's action on one address from the staff list: `change` audited under `audit`, with `recorded` of its result. */
function staffAddressAction<R>(step: StaffAddressStep<R>) {
  return staffAction({
    ...ROLE_ACTION,
    audit: step.audit,
    schema: AddressInput,
    run: async ({ email }, { actor, audited, t }): Promise<ActionResult> => {
      const result = await audited(() => step.change(actor, email), {
        details: { email },
        resultDetails: step.recorded,
      });
      await step.then?.(email);
      refresh();
      return { status: "ok", message: step.done(t, email, result) };
    },
  });
}

/** Admins only: take the staff role away (the account stays, as a plain driver account). */
export const revokeStaffRoleAction = staffAddressAction({
  audit: "role.revoke",
  change: revokeStaffRole,
  recorded: ({ previousRole }) => ({ previousRole }),
  done: (t, email, { previousRole }) => t("admin.roles.revoked", { email, role: previousRole }),
});

/** Admins only: withdraw a pending invite before anyone signs in with it. */
export const withdrawStaffInviteAction = staffAddressAction({
  audit: "role.invite.withdraw",
  change: (_actor, email) => withdrawStaffInvite(email),
  recorded: ({ role }) => ({ role }),
  done: (t, email, { role }) => t("admin.roles.withdrawn", { email, role }),
});

/** Admins only: delete a staff member's passkeys and end all their sessions; they sign in and enrol again. */
export const resetStaffPasskeysAction = staffAddressAction({
  audit: "staff.passkeys.reset",
  change: (_actor, email) => resetStaffPasskeys(email),
  recorded: ({ removed }) => ({ removed }),
  done: (t, email, { removed }) => t("admin.roles.passkeysReset", { email, count: removed }),
  then: async (email) => notifyPasskeyChange(email, "reset", "", (await relyingParty()).origin),
});

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
