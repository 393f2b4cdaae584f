"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { setDriverAppPassword } from "@/lib/features/accounts/app-password";
import { refusalOverDriverLimit } from "@/lib/core/actions/limit";
import { APP_PASSWORD_FORM } from "@/lib/features/accounts/schemas";
import { settingAppPassword } from "@/lib/features/accounts/app-password-action-spec";

/** The signed-in driver sets a new charging-app password (ampeco): sent once with PATCH {password}. */
export const setAppPasswordAction = driverAction({
  ...settingAppPassword(APP_PASSWORD_FORM),
  failure: { log: "app password change", doing: "appPassword.doing.change" },
  run: async ({ password }, { actor, t }): Promise<ActionResult> => {
    const refused = await refusalOverDriverLimit(
      "app-password",
      actor,
      RATE_LIMITS.passwordResetPerDriver,
      "appPassword.errors.tooManyChanges",
      t,
    );
    if (refused) return refused;
    await setDriverAppPassword(actor.platformUserId, password);
    return { status: "ok", message: t("appPassword.changed") };
  },
});
