"use server";
import "server-only";
import { driverAction, publicAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import {
  appPasswordLinkMessage,
  setAppPasswordWithLink,
  setDriverAppPassword,
} from "@/lib/features/accounts/app-password";
import { APP_PASSWORD_FORM, LINKED_APP_PASSWORD_FORM } from "@/lib/features/accounts/schemas";
import { refusalOverDriverLimit } from "@/lib/core/actions/limit";

/** Both ways to set the password: the platform's refusal of it (422) is shown at the fields. */
const REJECTED = { scope: "accounts", rejected: { message: "appPassword.errors.rejected" } } as const;

/** The signed-in driver sets a new charging-app password (ampeco): sent once with PATCH {password}. */
export const setAppPasswordAction = driverAction({
  ...REJECTED,
  ...APP_PASSWORD_FORM,
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

/** Anyone holding the mailed link (a driver created by staff) sets the app password, once. */
export const setAppPasswordWithLinkAction = publicAction({
  ...REJECTED,
  ...LINKED_APP_PASSWORD_FORM,
  failure: { log: "app password link", doing: "appPassword.doing.set" },
  run: async ({ password }, { formData, t }): Promise<ActionResult> => {
    const outcome = await setAppPasswordWithLink(formData?.get("token"), password);
    if (outcome.status !== "set")
      return { status: "error", code: outcome.status, message: appPasswordLinkMessage(t, outcome.status) };
    return { status: "ok", message: t("appPassword.set", { email: outcome.email }) };
  },
});
