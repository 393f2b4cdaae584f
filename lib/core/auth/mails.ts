import "server-only";
import { formatDateTime } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import { escapeHtml, layout, linkMail, plain, strong } from "@/lib/core/mail/layout";
import type { MailMessage } from "@/lib/core/mail/send";
import { deviceLabel, type DeviceName } from "./device-name";

/** The mails of sign-in, in the recipient's language. */

export function signInLinkMail(locale: Locale, to: string, url: string, validMinutes: number): MailMessage {
  const t = translatorFor(locale);
  return linkMail(locale, to, url, {
    subject: t("mail.signInLink.subject"),
    lead: { text: t("mail.signInLink.openLink") },
    button: t("mail.signInLink.button"),
    validity: t("mail.signInLink.validity", { minutes: validMinutes }),
  });
}

/**
 * To a driver when a browser and system not seen on their account before signs in: the time and the
 * device, and what to do if it was not them. Drivers can switch it off on /account/notifications.
 */
export function newDeviceMail(
  locale: Locale,
  to: string,
  device: DeviceName,
  when: Date,
  accountUrl: string,
): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.newDevice.subject");
  const signedIn = { when: formatDateTime(when, locale), device: deviceLabel(device, t) };
  const switchOff = t("mail.newDevice.switchOff");
  const accountLink = (chunks: string) => `<a href="${escapeHtml(accountUrl)}">${chunks}</a>`;
  return {
    to,
    subject,
    text: `${t.markup("mail.newDevice.signedIn", { ...signedIn, strong: plain })}\n\n${t.markup("mail.newDevice.whatToDo", { link: (chunks) => `${chunks} (${accountUrl})` })}\n\n${switchOff}`,
    html: layout(
      locale,
      subject,
      `<p>${t.markup("mail.newDevice.signedIn", { when: escapeHtml(signedIn.when), device: escapeHtml(signedIn.device), strong })}</p>
<p>${t.markup("mail.newDevice.whatToDo", { link: accountLink })}</p>
<p>${escapeHtml(switchOff)}</p>`,
    ),
  };
}
