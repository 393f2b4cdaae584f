"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { siteOrigin } from "@/lib/core/auth/site-origin";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { EmailUnchangedError, StaffEmailChangeError } from "@/lib/features/accounts/email";
import { requestEmailChange } from "@/lib/features/accounts/email-change";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { EmailChangeInput } from "@/lib/features/accounts/schemas";

/** The signed-in driver asks to move their account to a new address: a link goes there; nothing changes yet. */
export const changeEmailAction = driverAction({
  scope: "email",
  failure: { log: "change request", doing: "profile.doing.changeEmail" },
  schema: EmailChangeInput,
  expected: (error, { values, t }) => {
    if (error instanceof EmailUnchangedError)
      return { status: "invalid", fieldErrors: { email: [t("profile.emailChange.unchanged")] }, values };
    if (error instanceof StaffEmailChangeError)
      return { status: "error", code: "staff", message: t("profile.emailChange.staff"), values };
    return undefined;
  },
  run: async ({ email }, { actor, values, t }): Promise<ActionResult> => {
    const refused = await refusalOverLimit(
      "email-change:account",
      actor.userId,
      RATE_LIMITS.emailChangePerAccount,
      (minutes) => t("profile.emailChange.tooMany", { minutes }),
    );
    if (refused) return { ...refused, values };
    await requestEmailChange(actor, email, await siteOrigin());
    return { status: "ok", message: t("profile.emailChange.sent", { email, current: actor.email }) };
  },
});
