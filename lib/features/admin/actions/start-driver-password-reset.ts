"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { platformSetsAppPassword, startDriverPasswordReset } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { getPlatform } from "@/lib/platform";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";

/**
 * The contract's platform mails a reset link; ampeco mails none, so the app asks for a new password at next sign-in. Staff
 * never see a password.
 */
export const startDriverPasswordResetAction = staffAction({
  ...ON_A_DRIVER,
  // One audit name in both dialects; the entry's details say which kind of reset it was.
  audit: "driver.password-reset.start",
  failure: {
    log: "password reset",
    doing: () => (platformSetsAppPassword() ? "admin.doing.requireAppPassword" : "admin.doing.startPasswordReset"),
  },
  form: false,
  run: async (_input, { actor, driverId, audited, recordAudit, t }): Promise<ActionResult> => {
    const atNextSignIn = platformSetsAppPassword();
    const refused = await refusalOverLimit(
      "password-reset:staff",
      `admin:${actor.userId}:${driverId}`,
      RATE_LIMITS.passwordResetByStaffPerDriver,
      (minutes) =>
        atNextSignIn
          ? t("admin.driverActions.tooManyAppPasswordResets", { minutes })
          : t("admin.driverActions.tooManyResetMails", { minutes }),
    );
    if (refused) {
      await recordAudit({ outcome: "failure", error: "Too many resets for this driver", reason: "rate-limited" });
      return refused;
    }
    const email = (await getPlatform().users.getUser(driverId)).email;
    await audited(() => startDriverPasswordReset(driverId), {
      details: { how: atNextSignIn ? "new app password required at the next app sign-in" : "reset mail" },
    });
    return {
      status: "ok",
      message: atNextSignIn
        ? t("admin.driverActions.appPasswordRequired", { email })
        : t("admin.driverActions.resetMailStarted", { email }),
    };
  },
});
