"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { staffAction } from "@/lib/actions/action";
import { emailSchema } from "@/lib/auth/schemas";
import type { Viewer } from "@/lib/auth/viewer";
import type { ActionResult } from "@/lib/forms/action-result";
import { withAudit } from "@/lib/audit";
import { grantStaffRole, revokeStaffRole, RoleChangeRefusedError, withdrawStaffInvite } from "../roles";
import { resetStaffPasskeys } from "../staff-passkeys";
import { notifyPasskeyChange } from "@/lib/auth/passkeys/notices";
import { relyingParty } from "@/lib/auth/passkeys/relying-party";

const GrantInput = z.object({
  email: emailSchema,
  role: z.enum(["support", "admin"], { error: "Choose support or admin." }),
});
/** Revoke and withdraw both name an address from the staff list. */
const AddressInput = z.object({ email: emailSchema });

/** What every role action shares: admins only, refusals in plain words, one failure line. */
const ROLE_ACTION = {
  scope: "admin",
  role: "admin",
  failure: { log: "role change", message: "The role could not be changed right now. Try again in a moment." },
  expected: (error: unknown, { values }: { values: Record<string, string> }): ActionResult | undefined =>
    error instanceof RoleChangeRefusedError
      ? { status: "error", code: error.reason, message: error.message, values }
      : undefined,
} as const;

/** Admins only: give a staff e-mail the support (or admin) role. */
const grantRole = staffAction({
  ...ROLE_ACTION,
  audit: "role.grant",
  schema: GrantInput,
  run: async ({ email, role }, { actor, audited }): Promise<ActionResult> => {
    const outcome = await audited(() => grantStaffRole(actor, email, role), {
      details: { email, role },
      resultDetails: (result) => ({ ...result }),
    });
    refresh();
    if (outcome.kind === "invited") {
      return {
        status: "ok",
        message: `${email} has not signed in here yet, so the ${role} role waits in a pending invite. It applies when someone signs in with a link sent to ${email}.`,
      };
    }
    return { status: "ok", message: `${email} now has the ${role} role (was ${outcome.previousRole}).` };
  },
});

export async function grantStaffRoleAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return grantRole(formData);
}

/** An admin's action on one address from the staff list, audited under `audit`. */
function staffAddressAction(audit: string, change: (actor: Viewer, email: string) => Promise<string>) {
  return staffAction({
    ...ROLE_ACTION,
    audit,
    schema: AddressInput,
    run: async ({ email }, { actor }): Promise<ActionResult> => {
      const message = await change(actor, email);
      refresh();
      return { status: "ok", message };
    },
  });
}

/** Admins only: take the staff role away (the account stays, as a plain driver account). */
const revokeRole = staffAddressAction("role.revoke", async (actor, email) => {
  const { previousRole } = await withAudit({
    actor,
    action: "role.revoke",
    run: () => revokeStaffRole(actor, email),
    details: { email },
    resultDetails: (result) => ({ previousRole: result.previousRole }),
  });
  return `${email} no longer has the ${previousRole} role.`;
});

export async function revokeStaffRoleAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return revokeRole(formData);
}

/** Admins only: withdraw a pending invite before anyone signs in with it. */
const withdrawInvite = staffAddressAction("role.invite.withdraw", async (actor, email) => {
  const { role } = await withAudit({
    actor,
    action: "role.invite.withdraw",
    run: () => withdrawStaffInvite(email),
    details: { email },
    resultDetails: (result) => ({ role: result.role }),
  });
  return `The invite of ${email} for the ${role} role was withdrawn.`;
});

export async function withdrawStaffInviteAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return withdrawInvite(formData);
}

/** Admins only: delete a staff member's passkeys and end all their sessions; they sign in and enrol again. */
const resetPasskeys = staffAddressAction("staff.passkeys.reset", async (actor, email) => {
  const { removed } = await withAudit({
    actor,
    action: "staff.passkeys.reset",
    run: () => resetStaffPasskeys(email),
    details: { email },
    resultDetails: (result) => ({ removed: result.removed }),
  });
  await notifyPasskeyChange(email, "reset", "", (await relyingParty()).origin);
  return removed === 0
    ? `${email} had no passkeys; all their sign-ins ended. They enrol one on /admin/security at their next sign-in.`
    : `${removed === 1 ? "The passkey" : `All ${removed} passkeys`} of ${email} ${removed === 1 ? "was" : "were"} removed and all their sign-ins ended. They sign in by e-mail link and enrol again on /admin/security.`;
});

export async function resetStaffPasskeysAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return resetPasskeys(formData);
}
