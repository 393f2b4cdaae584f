"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { carryOutAccountDeletion } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { CarryOutInput, UNREADABLE_DELETION_REQUEST } from "@/lib/features/admin/schemas";

/** Carries out a deletion request whose grace period is over (both steps audited by the service). */
export const carryOutDeletionAction = staffAction({
  scope: "admin",
  role: "support",
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
