import "server-only";
import { refresh } from "next/cache";
import type { z } from "zod";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { carryOutAccountDeletion, declineAccountDeletion } from "@/lib/features/accounts";
import type { StaffActionSpec } from "@/lib/features/admin/staff-action";
import { CarryOutInput, DeclineInput, UNREADABLE_DELETION_REQUEST } from "@/lib/features/admin/schemas";

/** Support's two answers to a driver's deletion request: the same staff, the same step, their own words. */

interface DeletionAnswer<I> extends Pick<StaffActionSpec<I, ActionResult>, "audit" | "failure" | "invalid"> {
  schema: z.ZodType<I>;
  /** The service's answer (it audits both of its steps), which names the request's address. */
  answer: (input: I, actor: Viewer) => Promise<{ email: string }>;
  done: MessageKey;
}

function deletionAnswerSpec<I>({
  answer,
  done,
  ...spec
}: DeletionAnswer<I>): StaffActionSpec<I, ActionResult> & { boundDriver?: false } {
  return {
    scope: "admin",
    role: "support",
    ...spec,
    run: async (input, { actor, t }) => {
      const request = await answer(input, actor);
      refresh();
      return { status: "ok", message: t(done, { email: request.email }) };
    },
  };
}

/** Carries out a request whose grace period is over; a form without a readable request id is answered as a whole. */
export const CARRY_OUT_DELETION = deletionAnswerSpec({
  audit: "driver.deletion.platform",
  failure: { log: "deletion", doing: "admin.doing.carryOutDeletion" },
  schema: CarryOutInput,
  invalid: (_fieldErrors, _values, t) => ({ status: "error", message: t(UNREADABLE_DELETION_REQUEST) }),
  answer: ({ requestId }, actor) => carryOutAccountDeletion(requestId, actor),
  done: "admin.deletion.carriedOut",
});

/** Declines a request with a reason, which the driver is mailed. */
export const DECLINE_DELETION = deletionAnswerSpec({
  audit: "driver.deletion.decline",
  failure: { log: "deletion decline", doing: "admin.doing.declineRequest" },
  schema: DeclineInput,
  answer: ({ requestId, reason }, actor) => declineAccountDeletion(requestId, actor, reason),
  done: "admin.deletion.declined",
});
