"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { cancelAccountDeletion } from "@/lib/features/accounts/deletion";
import { driverDeletionSpec } from "@/lib/features/accounts/deletion-action-spec";

export const cancelAccountDeletionAction = driverAction(
  driverDeletionSpec("deletion cancel", "accountDeletion.doing.cancel", async (driver, t) => {
    await cancelAccountDeletion(driver);
    return t("accountDeletion.cancelled");
  }),
);
