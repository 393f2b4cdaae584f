"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { staffAction } from "@/lib/actions/action";
import { carryOutAccountDeletion, declineAccountDeletion, DeletionRefusedError } from "@/lib/accounts/deletion";
import type { ActionResult } from "@/lib/forms/action-result";

const UNREADABLE_REQUEST = "That request could not be read. Reload the page.";
/** The id of a request row, as the list's hidden field sends it. */
const RequestId = z
  .string({ error: UNREADABLE_REQUEST })
  .regex(/^[1-9]\d{0,8}$/, UNREADABLE_REQUEST)
  .transform(Number);
const CarryOutInput = z.object({ requestId: RequestId });
const DeclineInput = z.object({
  requestId: RequestId,
  reason: z
    .string({ error: "Say why the request is declined: the driver is mailed the reason." })
    .trim()
    .min(1, "Say why the request is declined: the driver is mailed the reason.")
    .max(500, "At most 500 characters."),
});

const DELETION_ACTION = {
  scope: "admin",
  role: "support",
  expected: (error: unknown, { values }: { values: Record<string, string> }): ActionResult | undefined =>
    error instanceof DeletionRefusedError
      ? { status: "error", code: "refused", message: error.message, values }
      : undefined,
} as const;

/** Carries out a deletion request whose grace period is over (both steps audited by the service). */
const carryOut = staffAction({
  ...DELETION_ACTION,
  audit: "driver.deletion.platform",
  failure: { log: "deletion", doing: "carry out the deletion" },
  schema: CarryOutInput,
  invalid: () => ({ status: "error", message: UNREADABLE_REQUEST }),
  run: async ({ requestId }, { actor }): Promise<ActionResult> => {
    const request = await carryOutAccountDeletion(requestId, actor);
    refresh();
    return {
      status: "ok",
      message: `The account of ${request.email} is deleted: its charging cards are blocked and the portal account is gone.`,
    };
  },
});

/** Declines a request with a reason, which the driver is mailed (audited by the service). */
const decline = staffAction({
  ...DELETION_ACTION,
  audit: "driver.deletion.decline",
  failure: { log: "deletion decline", doing: "decline the request" },
  schema: DeclineInput,
  run: async ({ requestId, reason }, { actor }): Promise<ActionResult> => {
    const request = await declineAccountDeletion(requestId, actor, reason);
    refresh();
    return { status: "ok", message: `The request of ${request.email} is declined; they were mailed your reason.` };
  },
});

export async function carryOutDeletionAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return carryOut(formData);
}

export async function declineDeletionAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return decline(formData);
}
