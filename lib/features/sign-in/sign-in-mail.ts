import "server-only";
import { currentLocale } from "@/lib/core/auth/current-locale";
import type { Locale } from "@/lib/core/i18n/locales";
import { mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { noAccountMail } from "./mails";
import { issueSignInLink } from "@/lib/core/auth";
import { hasAccount } from "@/lib/core/auth/known-account";
import { logger } from "@/lib/core/log";

export interface SignInMailRequest {
  /** Already counted against the sign-in mail limits (consumeSignInMailLimits). */
  email: string;
  redirectTo: string;
  /** The portal's public origin, read while the request was still open. */
  origin: string;
  /**
   * The language of the request (currentLocale()), read while it was still open: the mail's language
   * when the address has no account or its account chose none. Absent: read when the mail is sent.
   */
  locale?: Locale;
}

/**
 * The sign-in form's mail, sent after the answer: a link, else a sign-up pointer. Failures logged without the address.
 */
export async function mailSignInLinkOrSignUpPointer({
  email,
  redirectTo,
  origin,
  locale,
}: SignInMailRequest): Promise<void> {
  try {
    const fallback = locale ?? (await currentLocale());
    if (await hasAccount(email)) await issueSignInLink(email, redirectTo, origin, fallback);
    else await sendMail(noAccountMail(await mailLocaleOfAddress(email, { fallback }), email, `${origin}/signup`));
  } catch (error) {
    logger("signin").error("the sign-in mail could not be sent", error);
  }
}
