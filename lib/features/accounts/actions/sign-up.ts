"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { openSession, sessionCookie } from "@/lib/core/auth/open-session";
import { isSecureOrigin } from "@/lib/core/auth/session-policy";
import { siteOrigin } from "@/lib/core/auth/site-origin";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { LINKED_APP_PASSWORD_FORM, SignUpRequestInput } from "@/lib/features/accounts/schemas";
import { finishSignUp, mailSignUpLinkOrAccountNote, signUpLinkMessage } from "@/lib/features/accounts/sign-up";

/** Where both answers of the sign-up form land: the same page whether or not the address has an account. */
const SIGN_UP_SENT_PATH = "/check-your-email?for=sign-up";

/**
 * Answers "check your e-mail"; link or already-have-an-account note is decided in `after()`, so neither the answer nor
 * its timing tells.
 */
export const signUpAction = publicAction({
  scope: "accounts",
  failure: { log: "sign-up", doing: "signUp.doing.create" },
  // The form asks no password any more; one sent anyway (an old page, autofill) is never echoed back.
  secret: ["password"],
  schema: SignUpRequestInput,
  run: async (input, { values, t }): Promise<ActionResult | Navigation<ActionResult>> => {
    const refused = await refusalOverLimit(
      "signup:client",
      await clientLimitKey(),
      RATE_LIMITS.signUpPerClient,
      (minutes) => t("signUp.errors.tooMany", { minutes }),
    );
    if (refused) return { ...refused, values };
    const request = { input, origin: await siteOrigin(), locale: await currentLocale() };
    after(() => mailSignUpLinkOrAccountNote(request));
    return navigate(async () => redirect(SIGN_UP_SENT_PATH));
  },
});

/**
 * Sign-up, step two, on the page the mailed link opens: the app password, then the platform user and
 * the portal account, and the driver is signed in (the link proved the address).
 */
export const finishSignUpAction = publicAction({
  scope: "accounts",
  failure: { log: "finish sign-up", doing: "signUp.doing.create" },
  ...LINKED_APP_PASSWORD_FORM,
  rejected: { message: "signUp.errors.rejected" },
  run: async ({ password }, { formData, t }): Promise<ActionResult | Navigation<ActionResult>> => {
    const outcome = await finishSignUp(formData?.get("token"), password);
    if (outcome.status !== "created")
      return { status: "error", code: outcome.status, message: signUpLinkMessage(t, outcome.status) };
    const requestHeaders = await headers();
    const session = await openSession(
      await getDb(),
      outcome.userId,
      async () => ({ userAgent: requestHeaders.get("user-agent"), origin: await siteOrigin() }),
      { method: "email" },
    );
    const secure = isSecureOrigin(getConfig().auth.url, requestHeaders.get("x-forwarded-proto"));
    const cookie = sessionCookie(session, secure);
    (await cookies()).set(cookie.name, cookie.value, cookie.options);
    return navigate(async () => redirect("/account"));
  },
});
