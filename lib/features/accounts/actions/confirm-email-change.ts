"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { PlatformValidationError } from "@/lib/platform/errors";
import { platformFieldErrors } from "@/lib/core/platform-errors-to-messages";
import { StaffEmailChangeError } from "@/lib/features/accounts/email";
import { confirmEmailChange, emailChangeLinkKey } from "@/lib/features/accounts/email-change";
import { EmailChangeConfirmInput } from "@/lib/features/accounts/schemas";

/** The signed-in driver confirms a change with the link mailed to the new address. */
export const confirmEmailChangeAction = driverAction({
  scope: "email",
  failure: { log: "confirmation", doing: "profile.doing.changeEmail" },
  echo: false,
  schema: EmailChangeConfirmInput,
  invalid: (_fieldErrors, _values, t) => ({
    status: "error",
    code: "invalid",
    message: t(emailChangeLinkKey("invalid")),
  }),
  expected: (error, { t }) => {
    if (error instanceof StaffEmailChangeError)
      return { status: "error", code: "staff", message: t("profile.emailChange.staff") };
    if (!(error instanceof PlatformValidationError)) return undefined;
    const messages = Object.values(platformFieldErrors(error)).flat();
    return { status: "error", code: "rejected", message: messages[0] ?? t("profile.emailChange.rejected") };
  },
  run: async ({ token }, { actor, t }): Promise<ActionResult> => {
    const outcome = await confirmEmailChange(actor, token);
    if (outcome.status !== "changed")
      return { status: "error", code: outcome.status, message: t(emailChangeLinkKey(outcome.status)) };
    // No refresh(): the page would render again with the link now used, over the success message.
    return { status: "ok", message: t("profile.emailChange.changed", { to: outcome.to, from: outcome.from }) };
  },
});
