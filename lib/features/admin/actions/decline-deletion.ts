"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { declineAccountDeletion } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { DeclineInput } from "@/lib/features/admin/schemas";

/** Declines a request with a reason, which the driver is mailed (audited by the service). */
export const declineDeletionAction = staffAction({
  scope: "admin",
  role: "support",
  audit: "driver.deletion.decline",
  failure: { log: "deletion decline", doing: "admin.doing.declineRequest" },
  schema: DeclineInput,
  run: async ({ requestId, reason }, { actor, t }): Promise<ActionResult> => {
    const request = await declineAccountDeletion(requestId, actor, reason);
    refresh();
    return { status: "ok", message: t("admin.deletion.declined", { email: request.email }) };
  },
});
