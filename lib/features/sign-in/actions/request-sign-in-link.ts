"use server";
import { getConfig } from "@/lib/core/config";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { z } from "zod";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { isKnownBrowserFor } from "@/lib/core/auth/known-browser";
import { safeReturnPath } from "@/lib/core/auth/return-path";
import { emailSchema } from "@/lib/core/auth/schemas";
import { mailSignInLinkOrSignUpPointer } from "@/lib/features/sign-in/sign-in-mail";
import { rememberMailSentTo } from "@/lib/core/auth/mail-sent-to";
import { consumeSignInMailLimits } from "@/lib/core/auth/sign-in-limits";
import { siteOrigin } from "@/lib/core/auth/site-origin";

// The return path is the page to land on, never a reason to refuse a sign-in: anything unusable
// (too long, another host, not a string) becomes the default page in safeReturnPath.
const SignInInput = z.object({ email: emailSchema, callbackUrl: z.string().optional().catch(undefined) });

/**
 * Mails a sign-in link without telling whether an account exists: only limits are counted before the answer; link or
 * sign-up pointer is decided after it is sent.
 */
export const requestSignInLinkAction = publicAction({
  scope: "auth",
  failure: { log: "sign-in request", doing: "signIn.doing.sendLink" },
  schema: SignInInput,
  run: async ({ email, callbackUrl }, { values, t }): Promise<ActionResult | Navigation<ActionResult>> => {
    const limits = await consumeSignInMailLimits(email, {
      client: await clientLimitKey(),
      knownBrowser: await isKnownBrowserFor(email),
    });
    if (!limits.allowed) {
      return {
        status: "error",
        message: t("signIn.errors.tooMany", { minutes: Math.ceil(limits.retryAfterSeconds / 60) }),
        values,
      };
    }
    // The request's language is read now, while the request is open: the mail's language unless the account chose one.
    const request = {
      email,
      redirectTo: safeReturnPath(callbackUrl),
      origin: await siteOrigin(),
      locale: await currentLocale(),
    };
    after(() => mailSignInLinkOrSignUpPointer(request));
    await rememberMailSentTo(email, getConfig().auth.signInLinkMaxAgeSeconds);
    return navigate(async () => redirect("/check-your-email"));
  },
});
