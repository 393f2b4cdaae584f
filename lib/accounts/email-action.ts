"use server";
import "server-only";
import { cookies, headers } from "next/headers";
import { z } from "zod";
import { driverAction } from "@/lib/actions/action";
import { refusalOverLimit } from "@/lib/actions/limit";
import { emailSchema } from "@/lib/auth/schemas";
import { isSecureOrigin, sessionTokenFrom } from "@/lib/auth/session-policy";
import { siteOrigin } from "@/lib/auth/site-origin";
import { getConfig } from "@/lib/config";
import type { ActionResult } from "@/lib/forms/action-result";
import { PlatformValidationError } from "@/lib/platform/errors";
import { platformFieldErrors } from "@/lib/platform-errors-to-messages";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { EmailTakenError, EmailUnchangedError } from "./email";
import { confirmEmailChange, EMAIL_CHANGE_LINK_MESSAGES, requestEmailChange } from "./email-change";

/** The signed-in driver asks to move their account to a new address: a link goes there; nothing changes yet. */
const changeEmail = driverAction({
  scope: "email",
  failure: { log: "change request", doing: "change your e-mail address" },
  schema: z.object({ email: emailSchema }),
  expected: (error, { actor, values }, { email }) => {
    if (error instanceof EmailTakenError) {
      const taken = `${email} is already used by another account. Your sign-in address stays ${actor.email}.`;
      return { status: "invalid", fieldErrors: { email: [taken] }, values };
    }
    if (error instanceof EmailUnchangedError)
      return { status: "invalid", fieldErrors: { email: ["This is already your e-mail address."] }, values };
    return undefined;
  },
  run: async ({ email }, { actor, values }): Promise<ActionResult> => {
    const refused = await refusalOverLimit(
      "email-change:account",
      actor.userId,
      RATE_LIMITS.emailChangePerAccount,
      (wait) => `Too many e-mail change requests. Try again in ${wait}.`,
    );
    if (refused) return { ...refused, values };
    await requestEmailChange(actor, email, await siteOrigin());
    return {
      status: "ok",
      message: `We sent a confirmation link to ${email}. Your address stays ${actor.email} until you follow it.`,
    };
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
  failure: { log: "confirmation", doing: "change your e-mail address" },
  echo: false,
  schema: z.object({ token: z.string() }),
  invalid: () => ({ status: "error", code: "invalid", message: EMAIL_CHANGE_LINK_MESSAGES.invalid }),
  expected: (error) => {
    if (!(error instanceof PlatformValidationError)) return undefined;
    const messages = Object.values(platformFieldErrors(error)).flat();
    return {
      status: "error",
      code: "rejected",
      message: messages[0] ?? "The charging service did not accept the new address.",
    };
  },
  run: async ({ token }, { actor }): Promise<ActionResult> => {
    const outcome = await confirmEmailChange(actor, token, await currentSessionToken());
    if (outcome.status !== "changed")
      return { status: "error", code: outcome.status, message: EMAIL_CHANGE_LINK_MESSAGES[outcome.status] };
    // No refresh(): the page would render again with the link now used, over the success message.
    return {
      status: "ok",
      message: `Your sign-in address is now ${outcome.to}. Every other device was signed out, and ${outcome.from} got a notice.`,
    };
  },
});

export async function confirmEmailChangeAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return confirmChange(formData);
}
