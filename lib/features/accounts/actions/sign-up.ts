"use server";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { siteOrigin } from "@/lib/core/auth/site-origin";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { SignUpRequestInput } from "@/lib/features/accounts/schemas";
import { mailSignUpLinkOrAccountNote, SIGN_UP_LINK_HOURS } from "@/lib/features/accounts/sign-up";
import { rememberMailSentTo } from "@/lib/core/auth/mail-sent-to";

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
    await rememberMailSentTo(input.email, SIGN_UP_LINK_HOURS * 3600);
    return navigate(async () => redirect(SIGN_UP_SENT_PATH));
  },
});
