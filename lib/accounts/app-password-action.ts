"use server";
import "server-only";
import { driverAction, publicAction } from "@/lib/actions/action";
import { refusalOverLimit } from "@/lib/actions/limit";
import type { ActionResult } from "@/lib/forms/action-result";
import { RATE_LIMITS } from "@/lib/rate-limit";
import {
  APP_PASSWORD_LINK_MESSAGES,
  AppPasswordInput,
  AppPasswordUnavailableError,
  setAppPasswordWithLink,
  setDriverAppPassword,
} from "./app-password";

/** The password fields are read for the schema and never echoed back, not even after an error. */
const PASSWORD_FIELDS = ["password", "passwordRepeat"] as const;

const unavailable = (error: unknown): ActionResult | undefined =>
  error instanceof AppPasswordUnavailableError
    ? {
        status: "error",
        code: "unavailable",
        message:
          "The charging service sets app passwords by mail: use “Reset app password” on your account page instead.",
      }
    : undefined;

/** The signed-in driver sets a new charging-app password (ampeco): sent once with PATCH {password}. */
const setOwn = driverAction({
  scope: "accounts",
  failure: { log: "app password change", doing: "change your app password" },
  secret: PASSWORD_FIELDS,
  schema: AppPasswordInput,
  rejected: { message: "The charging service did not accept this password. Choose another one." },
  expected: unavailable,
  run: async ({ password }, { actor }): Promise<ActionResult> => {
    const refused = await refusalOverLimit(
      "app-password",
      `platform-user:${actor.platformUserId}`,
      RATE_LIMITS.passwordResetPerDriver,
      (wait) => `Your app password was changed several times just now. Try again in ${wait}.`,
    );
    if (refused) return refused;
    await setDriverAppPassword(actor.platformUserId, password);
    return {
      status: "ok",
      message: "Your app password was changed. Use it the next time you sign in to the charging app.",
    };
  },
});

export async function setAppPasswordAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return setOwn(formData);
}

/** Anyone holding the mailed link (a driver created by staff) sets the app password, once. */
const setWithLink = publicAction({
  scope: "accounts",
  failure: { log: "app password link", doing: "set your app password" },
  // The token is read like the passwords: never echoed back.
  secret: ["token", ...PASSWORD_FIELDS],
  schema: AppPasswordInput,
  rejected: { message: "The charging service did not accept this password. Choose another one." },
  expected: unavailable,
  run: async ({ password }, { formData }): Promise<ActionResult> => {
    const outcome = await setAppPasswordWithLink(formData?.get("token"), password);
    if (outcome.status !== "set")
      return { status: "error", code: outcome.status, message: APP_PASSWORD_LINK_MESSAGES[outcome.status] };
    return {
      status: "ok",
      message: `Your app password was set. Sign in to the charging app with ${outcome.email} and this password.`,
    };
  },
});

export async function setAppPasswordWithLinkAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return setWithLink(formData);
}
