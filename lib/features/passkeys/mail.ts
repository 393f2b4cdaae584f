import "server-only";
import { formatDateTime } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import { escapeHtml, layout } from "@/lib/core/mail/layout";
import type { MailMessage } from "@/lib/core/mail/send";

/**
 * To the account holder when a passkey is added to or removed from their account (or all of them are
 * reset by an admin): the recovery notice, so a passkey nobody meant to add is noticed.
 */
export function passkeyChangedMail(
  locale: Locale,
  to: string,
  change: "added" | "removed" | "reset",
  passkeyName: string,
  when: Date,
  accountUrl: string,
): MailMessage {
  const t = translatorFor(locale);
  const subject = t(`mail.passkeyChanged.${change}.subject`);
  const what = t(`mail.passkeyChanged.${change}.what`, { name: passkeyName, when: formatDateTime(when, locale) });
  const body = `${what} ${t("mail.passkeyChanged.notYou", { url: accountUrl })}`;
  return { to, subject, text: body, html: layout(locale, subject, `<p>${escapeHtml(body)}</p>`) };
}
