import "server-only";
import { formatDate } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import { BUTTON_STYLE, escapeHtml, layout, plain, pointerMail, strong } from "@/lib/core/mail/layout";
import type { MailMessage } from "@/lib/core/mail/send";

/** The accounts feature's mails (sign-up, address changes, app password, deletion), in the recipient's language. */

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
  const subject = t("mail.finishSignUp.subject");
  const request = t("mail.finishSignUp.request");
  const validity = t("mail.finishSignUp.validity", { hours: validHours });
  return {
    to,
    subject,
    text: `${request}\n\n${url}\n\n${validity}`,
    html: layout(
      locale,
      subject,
      `<p>${escapeHtml(request)}</p>
<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(t("mail.finishSignUp.button"))}</a></p>
<p>${escapeHtml(t("mail.pasteAddress"))}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(validity)}</p>`,
    ),
  };
}

/** To the NEW address of a driver's e-mail change: the change happens only if this link is followed. */
export function emailChangeConfirmMail(locale: Locale, to: string, url: string, validMinutes: number): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.emailChangeConfirm.subject");
  const validity = t("mail.emailChangeConfirm.validity", { minutes: validMinutes });
  return {
    to,
    subject,
    text: `${t.markup("mail.emailChangeConfirm.request", { address: to, strong: plain })}\n\n${url}\n\n${validity}`,
    html: layout(
      locale,
      subject,
      `<p>${t.markup("mail.emailChangeConfirm.request", { address: escapeHtml(to), strong })}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(validity)}</p>`,
    ),
  };
}

/**
 * To an address someone asked to move their account to while another account has it: nothing changes,
 * and the form answered as for a free address, so only the address's owner hears of it.
 */
export function emailTakenNoticeMail(locale: Locale, to: string): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.emailTaken.subject");
  const body = `${t("mail.emailTaken.asked", { address: to })} ${t("mail.emailTaken.nothing")}`;
  return { to, subject, text: body, html: layout(locale, subject, `<p>${escapeHtml(body)}</p>`) };
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
  const subject = t("mail.staffAddressUsed.subject");
  const body = t("mail.staffAddressUsed.body", { address: to });
  return { to, subject, text: body, html: layout(locale, subject, `<p>${escapeHtml(body)}</p>`) };
}

/**
 * To a driver support created on a platform that mails no reset link (ampeco): the portal's own link
 * to choose the charging-app password. Nobody else ever knew the account's first password.
 */
export function appPasswordLinkMail(locale: Locale, to: string, url: string, validDays: number): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.appPassword.subject");
  const note = t("mail.appPassword.validity", { days: validDays });
  return {
    to,
    subject,
    text: `${t.markup("mail.appPassword.created", { address: to, strong: plain })}\n\n${url}\n\n${note}`,
    html: layout(
      locale,
      subject,
      `<p>${t.markup("mail.appPassword.created", { address: escapeHtml(to), strong })}</p>
<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(t("mail.appPassword.button"))}</a></p>
<p>${escapeHtml(t("mail.pasteAddress"))}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(note)}</p>`,
    ),
  };
}

/** To a driver who asked to delete their account: when it happens, and that they can still cancel. */
export function deletionRequestedMail(locale: Locale, to: string, dueAt: Date): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.deletionRequested.subject");
  const body = t("mail.deletionRequested.body", { dueDate: formatDate(dueAt, locale) });
  return { to, subject, text: body, html: layout(locale, subject, `<p>${escapeHtml(body)}</p>`) };
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
