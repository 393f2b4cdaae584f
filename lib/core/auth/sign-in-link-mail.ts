import "server-only";
import { mailLocaleOfAddress, type MailLocaleOptions } from "@/lib/core/auth/mail-locale";
import type { MailMessage } from "@/lib/core/mail/send";
import { signInLinkMail } from "./mails";

/**
 * The sign-in link mail Auth.js sends (sendVerificationRequest): in the language the account chose,
 * else in the language of the request that asked for the link (`fallback`, else currentLocale()).
 */
export async function signInLinkMailTo(
  email: string,
  url: string,
  validMinutes: number,
  options: MailLocaleOptions = {},
): Promise<MailMessage> {
  return signInLinkMail(await mailLocaleOfAddress(email, options), email, url, validMinutes);
}
