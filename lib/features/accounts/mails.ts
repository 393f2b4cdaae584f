import "server-only";
import { formatDate } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor, type Translator } from "@/lib/core/i18n/translator";
import { escapeHtml, layout, linkMail, noteMail, plain, pointerMail, strong } from "@/lib/core/mail/layout";
import type { MailMessage } from "@/lib/core/mail/send";

/** The accounts feature's mails (sign-up, address changes, app password, deletion), in the recipient's language. */

/** A lead that names the recipient's address in bold: plain in the text part, escaped in the HTML. */
function namingAddress(t: Translator, key: "mail.emailChangeConfirm.request" | "mail.appPassword.created", to: string) {
  return {
    text: t.markup(key, { address: to, strong: plain }),
    html: t.markup(key, { address: escapeHtml(to), strong }),
  };
}

/** Sent instead of a sign-up link when the address already has an account, so the sign-up form reveals nothing. */
export function accountExistsMail(locale: Locale, to: string, signInUrl: string): MailMessage {
  return pointerMail(
    locale,
    to,
    {
      subject: "mail.accountExists.subject",
      lead: "mail.accountExists.exists",
      goHere: "mail.accountExists.signInHere",
      link: "mail.accountExists.signInLink",
      ignore: "mail.accountExists.ignore",
    },
    signInUrl,
  );
}

/**
 * To the address of a sign-up: the link that proves it and finishes the sign-up (the app password is
 * chosen there). Nothing exists until it is followed.
 */
export function finishSignUpMail(locale: Locale, to: string, url: string, validHours: number): MailMessage {
  const t = translatorFor(locale);
  const request = t("mail.finishSignUp.request");
  return linkMail(locale, to, url, {
    subject: t("mail.finishSignUp.subject"),
    lead: { text: request, html: escapeHtml(request) },
    button: t("mail.finishSignUp.button"),
    validity: t("mail.finishSignUp.validity", { hours: validHours }),
  });
}

/** To the NEW address of a driver's e-mail change: the change happens only if this link is followed. */
export function emailChangeConfirmMail(locale: Locale, to: string, url: string, validMinutes: number): MailMessage {
  const t = translatorFor(locale);
  return linkMail(locale, to, url, {
    subject: t("mail.emailChangeConfirm.subject"),
    lead: namingAddress(t, "mail.emailChangeConfirm.request", to),
    validity: t("mail.emailChangeConfirm.validity", { minutes: validMinutes }),
  });
}

/**
 * To an address someone asked to move their account to while another account has it: nothing changes,
 * and the form answered as for a free address, so only the address's owner hears of it.
 */
export function emailTakenNoticeMail(locale: Locale, to: string): MailMessage {
  const t = translatorFor(locale);
  const body = `${t("mail.emailTaken.asked", { address: to })} ${t("mail.emailTaken.nothing")}`;
  return noteMail(locale, to, t("mail.emailTaken.subject"), body);
}

/** To the OLD address once a change took effect, so a takeover does not go unnoticed. */
export function emailChangedNoticeMail(
  locale: Locale,
  to: string,
  newEmail: string,
  supportEmail: string,
): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.emailChanged.subject");
  const mailto = (chunks: string) => `<a href="mailto:${escapeHtml(supportEmail)}">${chunks}</a>`;
  return {
    to,
    subject,
    text: `${t.markup("mail.emailChanged.changed", { oldAddress: to, newAddress: newEmail, strong: plain })}\n\n${t.markup("mail.emailChanged.help", { support: supportEmail, mail: plain })}`,
    html: layout(
      locale,
      subject,
      `<p>${t.markup("mail.emailChanged.changed", { oldAddress: escapeHtml(to), newAddress: escapeHtml(newEmail), strong })}</p>
<p>${t.markup("mail.emailChanged.help", { support: escapeHtml(supportEmail), mail: mailto })}</p>`,
    ),
  };
}

/**
 * To a staff member when a sign-up or support's "create driver" made a driver with their address: the
 * staff account was left alone (never linked or renamed), and they hear of it.
 */
export function staffAddressUsedMail(locale: Locale, to: string): MailMessage {
  const t = translatorFor(locale);
  return noteMail(locale, to, t("mail.staffAddressUsed.subject"), t("mail.staffAddressUsed.body", { address: to }));
}

/**
 * To a driver support created on a platform that mails no reset link (ampeco): the portal's own link
 * to choose the charging-app password. Nobody else ever knew the account's first password.
 */
export function appPasswordLinkMail(locale: Locale, to: string, url: string, validDays: number): MailMessage {
  const t = translatorFor(locale);
  return linkMail(locale, to, url, {
    subject: t("mail.appPassword.subject"),
    lead: namingAddress(t, "mail.appPassword.created", to),
    button: t("mail.appPassword.button"),
    validity: t("mail.appPassword.validity", { days: validDays }),
  });
}

/** To a driver who asked to delete their account: when it happens, and that they can still cancel. */
export function deletionRequestedMail(locale: Locale, to: string, dueAt: Date): MailMessage {
  const t = translatorFor(locale);
  const body = t("mail.deletionRequested.body", { dueDate: formatDate(dueAt, locale) });
  return noteMail(locale, to, t("mail.deletionRequested.subject"), body);
}

/** To a driver whose deletion request support declined, with their reason. */
export function deletionDeclinedMail(locale: Locale, to: string, reason: string): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.deletionDeclined.subject");
  const declined = t("mail.deletionDeclined.declined");
  const stays = t("mail.deletionDeclined.stays");
  return {
    to,
    subject,
    text: `${declined} ${reason}\n\n${stays}`,
    html: layout(
      locale,
      subject,
      `<p>${escapeHtml(declined)}</p>
<blockquote>${escapeHtml(reason)}</blockquote><p>${escapeHtml(stays)}</p>`,
    ),
  };
}
