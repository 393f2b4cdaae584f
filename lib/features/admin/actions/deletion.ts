"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { carryOutAccountDeletion, declineAccountDeletion } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { CarryOutInput, DeclineInput, UNREADABLE_DELETION_REQUEST } from "../schemas";

const DELETION_ACTION = {
  scope: "admin",
  role: "support",
} as const;

/** Carries out a deletion request whose grace period is over (both steps audited by the service). */
export const carryOutDeletionAction = staffAction({
  ...DELETION_ACTION,
  audit: "driver.deletion.platform",
  failure: { log: "deletion", doing: "admin.doing.carryOutDeletion" },
  schema: CarryOutInput,
  invalid: (_fieldErrors, _values, t) => ({ status: "error", message: t(UNREADABLE_DELETION_REQUEST) }),
  run: async ({ requestId }, { actor, t }): Promise<ActionResult> => {
    const request = await carryOutAccountDeletion(requestId, actor);
    refresh();
    return { status: "ok", message: t("admin.deletion.carriedOut", { email: request.email }) };
  },
});

/** Declines a request with a reason, which the driver is mailed (audited by the service). */
export const declineDeletionAction = staffAction({
  ...DELETION_ACTION,
  audit: "driver.deletion.decline",
  failure: { log: "deletion decline", doing: "admin.doing.declineRequest" },
  schema: DeclineInput,
  run: async ({ requestId, reason }, { actor, t }): Promise<ActionResult> => {
    const request = await declineAccountDeletion(requestId, actor, reason);
    refresh();
    return { status: "ok", message: t("admin.deletion.declined", { email: request.email }) };
  },
});
