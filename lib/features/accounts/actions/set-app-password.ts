"use server";
import "server-only";
import { driverAction, publicAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import {
  appPasswordLinkMessage,
  AppPasswordInput,
  setAppPasswordWithLink,
  setDriverAppPassword,
} from "@/lib/features/accounts/app-password";
import { refusalOverDriverLimit } from "@/lib/core/actions/limit";

/** The password fields are read for the schema and never echoed back, not even after an error. */
const PASSWORD_FIELDS = ["password", "passwordRepeat"] as const;

/** The signed-in driver sets a new charging-app password (ampeco): sent once with PATCH {password}. */
export const setAppPasswordAction = driverAction({
  scope: "accounts",
  failure: { log: "app password change", doing: "appPassword.doing.change" },
  secret: PASSWORD_FIELDS,
  schema: AppPasswordInput,
  rejected: { message: "appPassword.errors.rejected" },
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
  scope: "accounts",
  failure: { log: "app password link", doing: "appPassword.doing.set" },
  // The token is read like the passwords: never echoed back.
  secret: ["token", ...PASSWORD_FIELDS],
  schema: AppPasswordInput,
  rejected: { message: "appPassword.errors.rejected" },
  run: async ({ password }, { formData, t }): Promise<ActionResult> => {
    const outcome = await setAppPasswordWithLink(formData?.get("token"), password);
    if (outcome.status !== "set")
      return { status: "error", code: outcome.status, message: appPasswordLinkMessage(t, outcome.status) };
    return { status: "ok", message: t("appPassword.set", { email: outcome.email }) };
  },
});
