"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { platformSetsAppPassword } from "@/lib/features/accounts/app-password";
import { refusalOverDriverLimit } from "@/lib/core/actions/limit";
import { startDriverPasswordReset } from "@/lib/features/accounts/password-reset";

export const startPasswordResetAction = driverAction({
  scope: "accounts",
  failure: { log: "password reset", doing: "appPassword.doing.startReset" },
  form: false,
  run: async (_input, { actor, t }): Promise<ActionResult> => {
    // Where the platform mails no reset link (ampeco), the account page sets the password instead.
    if (platformSetsAppPassword()) {
      return { status: "error", code: "unavailable", message: t("appPassword.errors.noResetLink") };
    }
    const refused = await refusalOverDriverLimit(
      "password-reset",
      actor,
      RATE_LIMITS.passwordResetPerDriver,
      "appPassword.errors.tooManyResets",
      t,
    );
    if (refused) return refused;
    await startDriverPasswordReset(actor.platformUserId);
    return { status: "ok", message: t("appPassword.resetSent", { email: actor.email }) };
  },
});
