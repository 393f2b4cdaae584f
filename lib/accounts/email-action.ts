"use server";
import "server-only";
import { cookies, headers } from "next/headers";
import { z } from "zod";
import { driverAction } from "@/lib/actions/action";
import { emailSchema } from "@/lib/auth/schemas";
import { isSecureOrigin, sessionTokenFrom } from "@/lib/auth/session-policy";
import { siteOrigin } from "@/lib/auth/site-origin";
import { getConfig } from "@/lib/config";
import type { ActionResult } from "@/lib/forms/action-result";
import { PlatformValidationError } from "@/lib/platform/errors";
import { platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { EmailTakenError, EmailUnchangedError } from "./email";
import { confirmEmailChange, emailChangeLinkMessage, requestEmailChange } from "./email-change";
import { refusalOverLimit } from "@/lib/actions/limit";

/** The signed-in driver asks to move their account to a new address: a link goes there; nothing changes yet. */
const changeEmail = driverAction({
  scope: "email",
  failure: { log: "change request", doing: "profile.doing.changeEmail" },
  schema: z.object({ email: emailSchema }),
  expected: (error, { actor, values, t }, { email }) => {
    if (error instanceof EmailTakenError) {
      const taken = t("profile.emailChange.taken", { email, current: actor.email });
      return { status: "invalid", fieldErrors: { email: [taken] }, values };
    }
    if (error instanceof EmailUnchangedError)
      return { status: "invalid", fieldErrors: { email: [t("profile.emailChange.unchanged")] }, values };
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

export async function changeEmailAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return changeEmail(formData);
}

/** The session this browser is signed in with: it stays signed in when every other one ends. */
async function currentSessionToken(): Promise<string | null> {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  return sessionTokenFrom(jar, isSecureOrigin(getConfig().auth.url, requestHeaders.get("x-forwarded-proto")));
}

/** The signed-in driver confirms a change with the link mailed to the new address. */
const confirmChange = driverAction({
  scope: "email",
  failure: { log: "confirmation", doing: "profile.doing.changeEmail" },
  echo: false,
  schema: z.object({ token: z.string() }),
  invalid: (_fieldErrors, _values, t) => ({
    status: "error",
    code: "invalid",
    message: emailChangeLinkMessage(t, "invalid"),
  }),
  expected: (error, { t }) => {
    if (!(error instanceof PlatformValidationError)) return undefined;
    const messages = Object.values(platformFieldErrors(error)).flat();
    return { status: "error", code: "rejected", message: messages[0] ?? t("profile.emailChange.rejected") };
  },
  run: async ({ token }, { actor, t }): Promise<ActionResult> => {
    const outcome = await confirmEmailChange(actor, token, await currentSessionToken());
    if (outcome.status !== "changed")
      return { status: "error", code: outcome.status, message: emailChangeLinkMessage(t, outcome.status) };
    // No refresh(): the page would render again with the link now used, over the success message.
    return { status: "ok", message: t("profile.emailChange.changed", { to: outcome.to, from: outcome.from }) };
  },
});

export async function confirmEmailChangeAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return confirmChange(formData);
}
