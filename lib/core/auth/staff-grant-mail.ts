import "server-only";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import type { MailMessage } from "@/lib/core/mail/send";
import { escapeHtml, layout } from "@/lib/core/mail/layout";

/**
 * To an account given a staff role: every other session ended and every passkey went, and where the first staff
 * passkey comes from (a link session to this address, opened after the grant) when staff need one.
 */
export function staffGrantMail(
  locale: Locale,
  to: string,
  grant: { role: "support" | "admin"; passkeyRequired: boolean; signInUrl: string },
): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.staffGranted.subject", { role: grant.role });
  const paragraphs = [
    t("mail.staffGranted.granted", { role: grant.role }),
    t("mail.staffGranted.cleared"),
    grant.passkeyRequired
      ? t("mail.staffGranted.firstPasskey", { email: to, url: grant.signInUrl })
      : t("mail.staffGranted.signIn", { url: grant.signInUrl }),
    t("mail.staffGranted.notExpected"),
  ];
  return {
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html: layout(locale, subject, paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")),
  };
}
