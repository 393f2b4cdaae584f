"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/actions/action";
import type { DriverViewer } from "@/lib/auth/guards";
import { formatDate } from "@/lib/format";
import type { ActionResult } from "@/lib/forms/action-result";
import { cancelAccountDeletion, DeletionRefusedError, requestAccountDeletion } from "./deletion";

const refused = (error: unknown): ActionResult | undefined =>
  error instanceof DeletionRefusedError ? { status: "error", code: "refused", message: error.message } : undefined;

/** A driver's step on their own deletion request; `run` answers the message shown on /account. */
function driverDeletionAction(log: string, doing: string, run: (driver: DriverViewer) => Promise<string>) {
  return driverAction({
    scope: "accounts",
    failure: { log, doing },
    form: false,
    expected: refused,
    run: async (_input, { actor }): Promise<ActionResult> => {
      const message = await run(actor);
      refresh();
      return { status: "ok", message };
    },
  });
}

/** "Delete my account": a request with a grace period, mailed to the driver, that they can cancel. */
const requestDeletion = driverDeletionAction("deletion request", "record your deletion request", async (driver) => {
  const request = await requestAccountDeletion(driver);
  return `Your account will be deleted after ${formatDate(request.dueAt)}. We sent you an e-mail; until then you can cancel here.`;
});

const cancelDeletion = driverDeletionAction("deletion cancel", "cancel your deletion request", async (driver) => {
  await cancelAccountDeletion(driver);
  return "Your deletion request is cancelled. Your account stays as it is.";
});

// The form argument is passed on (the runner ignores it) so that the client sends the form: a
// POST without one is refused by the middleware.
export async function requestAccountDeletionAction(
  _previous: ActionResult,
  formData?: FormData,
): Promise<ActionResult> {
  return requestDeletion(formData);
}

export async function cancelAccountDeletionAction(_previous: ActionResult, formData?: FormData): Promise<ActionResult> {
  return cancelDeletion(formData);
}
