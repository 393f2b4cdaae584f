"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { platformSetsAppPassword } from "./app-password";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { startDriverPasswordReset } from "./password-reset";

const startPasswordReset = driverAction({
  scope: "accounts",
  failure: { log: "password reset", doing: "appPassword.doing.startReset" },
  form: false,
  run: async (_input, { actor, t }): Promise<ActionResult> => {
    // Where the platform mails no reset link (ampeco), the account page sets the password instead.
    if (platformSetsAppPassword()) {
      return { status: "error", code: "unavailable", message: t("appPassword.errors.noResetLink") };
    }
    const refused = await refusalOverLimit(
      "password-reset",
      `platform-user:${actor.platformUserId}`,
      RATE_LIMITS.passwordResetPerDriver,
      (minutes) => t("appPassword.errors.tooManyResets", { minutes }),
    );
    if (refused) return refused;
    await startDriverPasswordReset(actor.platformUserId);
    return { status: "ok", message: t("appPassword.resetSent", { email: actor.email }) };
  },
});

// The form argument is passed on (the runner ignores it) so that the client sends the form: a
// POST without one is refused by the middleware.
export async function startPasswordResetAction(_previous: ActionResult, formData?: FormData): Promise<ActionResult> {
  return startPasswordReset(formData);
}
