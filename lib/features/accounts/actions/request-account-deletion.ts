"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { formatDate } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { requestAccountDeletion } from "@/lib/features/accounts/deletion";
import { driverDeletionSpec } from "@/lib/features/accounts/deletion-action-spec";

/** "Delete my account": a request with a grace period, mailed to the driver, that they can cancel. */
export const requestAccountDeletionAction = driverAction(
  driverDeletionSpec("deletion request", "accountDeletion.doing.request", async (driver, t) => {
    const request = await requestAccountDeletion(driver);
    return t("accountDeletion.requested", { due: formatDate(request.dueAt, await currentLocale()) });
  }),
);
