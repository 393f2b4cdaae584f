"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/core/actions/action";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { formatDate } from "@/lib/core/format";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { currentLocale } from "@/lib/core/auth/current-locale";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";
import { cancelAccountDeletion, requestAccountDeletion } from "@/lib/features/accounts/deletion";

/** A driver's step on their own deletion request; `run` answers the message shown on /account. */
function driverDeletionAction(
  log: string,
  doing: MessageKey,
  run: (driver: DriverViewer, t: Translator) => Promise<string>,
) {
  return driverAction({
    scope: "accounts",
    failure: { log, doing },
    form: false,
    run: async (_input, { actor, t }): Promise<ActionResult> => {
      const message = await run(actor, t);
      refresh();
      return { status: "ok", message };
    },
  });
}

/** "Delete my account": a request with a grace period, mailed to the driver, that they can cancel. */
export const requestAccountDeletionAction = driverDeletionAction(
  "deletion request",
  "accountDeletion.doing.request",
  async (driver, t) => {
    const request = await requestAccountDeletion(driver);
    return t("accountDeletion.requested", { due: formatDate(request.dueAt, await currentLocale()) });
  },
);

export const cancelAccountDeletionAction = driverDeletionAction(
  "deletion cancel",
  "accountDeletion.doing.cancel",
  async (driver, t) => {
    await cancelAccountDeletion(driver);
    return t("accountDeletion.cancelled");
  },
);
