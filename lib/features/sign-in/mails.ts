import "server-only";
import type { Locale } from "@/lib/core/i18n/locales";
import { pointerMail } from "@/lib/core/mail/layout";
import type { MailMessage } from "@/lib/core/mail/send";

/** Sent instead of a link when nobody has an account under the address, so the sign-in form reveals nothing. */
export function noAccountMail(locale: Locale, to: string, signUpUrl: string): MailMessage {
  return pointerMail(
    locale,
    to,
    {
      subject: "mail.noAccount.subject",
      lead: "mail.noAccount.noAccount",
      goHere: "mail.noAccount.createHere",
      link: "mail.noAccount.createLink",
      ignore: "mail.noAccount.ignore",
    },
    signUpUrl,
  );
}
