"use server";
import "server-only";
import { publicAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { appPasswordLinkKey, setAppPasswordWithLink } from "@/lib/features/accounts/app-password";
import { LINKED_APP_PASSWORD_FORM } from "@/lib/features/accounts/schemas";
import { settingAppPassword } from "@/lib/features/accounts/app-password-action-spec";

/** Anyone holding the mailed link (a driver created by staff) sets the app password, once. */
export const setAppPasswordWithLinkAction = publicAction({
  ...settingAppPassword(LINKED_APP_PASSWORD_FORM),
  failure: { log: "app password link", doing: "appPassword.doing.set" },
  run: async ({ password }, { formData, t }): Promise<ActionResult> => {
    const outcome = await setAppPasswordWithLink(formData?.get("token"), password);
    if (outcome.status !== "set")
      return { status: "error", code: outcome.status, message: t(appPasswordLinkKey(outcome.status)) };
    return { status: "ok", message: t("appPassword.set", { email: outcome.email }) };
  },
});
