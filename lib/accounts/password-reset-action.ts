"use server";
import "server-only";
import { driverAction } from "@/lib/actions/action";
import { refusalOverLimit } from "@/lib/actions/limit";
import type { ActionResult } from "@/lib/forms/action-result";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { platformSetsAppPassword } from "./app-password";
import { startDriverPasswordReset } from "./password-reset";

const startPasswordReset = driverAction({
  scope: "accounts",
  failure: { log: "password reset", doing: "start the password reset" },
  form: false,
  run: async (_input, { actor }): Promise<ActionResult> => {
    // Where the platform mails no reset link (ampeco), the account page sets the password instead.
    if (platformSetsAppPassword()) {
      return {
        status: "error",
        code: "unavailable",
        message: "The charging service mails no reset link: set a new app password on your account page instead.",
      };
    }
    const refused = await refusalOverLimit(
      "password-reset",
      `platform-user:${actor.platformUserId}`,
      RATE_LIMITS.passwordResetPerDriver,
      (wait) =>
        `A reset e-mail was already sent several times. Check your inbox and spam folder, or try again in ${wait}.`,
    );
    if (refused) return refused;
    await startDriverPasswordReset(actor.platformUserId);
    return {
      status: "ok",
      message: `A mail is on its way to ${actor.email} with a link to choose a new app password. It can take a few minutes; check your spam folder too.`,
    };
  },
});

// The form argument is passed on (the runner ignores it) so that the client sends the form: a
// POST without one is refused by the middleware.
export async function startPasswordResetAction(_previous: ActionResult, formData?: FormData): Promise<ActionResult> {
  return startPasswordReset(formData);
}
