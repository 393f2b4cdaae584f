"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import { openSession, sessionCookie } from "@/lib/core/auth/open-session";
import { isSecureOrigin } from "@/lib/core/auth/session-policy";
import { siteOrigin } from "@/lib/core/auth/site-origin";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { finishSignUp, signUpLinkKey } from "@/lib/features/accounts/sign-up";
import { LINKED_APP_PASSWORD_FORM } from "@/lib/features/accounts/schemas";

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
      return { status: "error", code: outcome.status, message: t(signUpLinkKey(outcome.status)) };
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
