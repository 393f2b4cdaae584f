import "server-only";
import { sendMail } from "@/lib/mail/send";
import { noAccountMail } from "@/lib/mail/templates";
import { issueSignInLink } from "./index";
import { hasAccount } from "./known-account";
import { logger } from "@/lib/log";

export interface SignInMailRequest {
  /** Already counted against the sign-in mail limits (consumeSignInMailLimits). */
  email: string;
  redirectTo: string;
  /** The portal's public origin, read while the request was still open. */
  origin: string;
}

/**
 * The sign-in form's mail, sent after its answer: a link for a known account, else a mail that
 * points to sign-up. Runs with no one to tell, so a failure is logged (without the address).
 */
export async function mailSignInLinkOrSignUpPointer({ email, redirectTo, origin }: SignInMailRequest): Promise<void> {
  try {
    if (await hasAccount(email)) await issueSignInLink(email, redirectTo, origin);
    else await sendMail(noAccountMail(email, `${origin}/signup`));
  } catch (error) {
    logger("signin").error("the sign-in mail could not be sent", error);
  }
}
