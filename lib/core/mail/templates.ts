import "server-only";
import { deviceLabel, type DeviceName } from "@/lib/core/auth/device-name";
import { PORTAL_NAME } from "@/lib/core/brand";
import { formatDate, formatDateTime, formatDuration, formatKwh, formatMoney } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor, type MessageKey } from "@/lib/core/i18n/translator";
import type { MailMessage } from "./send";

/** Every mail, in the recipient's language. In the HTML part every value is escaped. */

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** The tags of a message, for the text part: the words only. */
const plain = (chunks: string) => chunks;
const strong = (chunks: string) => `<strong>${chunks}</strong>`;
const BUTTON_STYLE =
  "display:inline-block;background:#0b6139;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none";

export function layout(locale: Locale, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#475569;font-size:13px">${escapeHtml(PORTAL_NAME)}</p></body></html>`;
}

export function signInLinkMail(locale: Locale, to: string, url: string, validMinutes: number): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.signInLink.subject");
  const validity = t("mail.signInLink.validity", { minutes: validMinutes });
  return {
    to,
    subject,
    text: `${t("mail.signInLink.openLink")}\n\n${url}\n\n${validity}`,
    html: layout(
      locale,
      subject,
      `<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(t("mail.signInLink.button"))}</a></p>
<p>${escapeHtml(t("mail.pasteAddress"))}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(validity)}</p>`,
    ),
  };
}

/** A note that points somewhere (sign-up, sign-in) instead of carrying a link that signs in. */
function pointerMail(
  locale: Locale,
  to: string,
  keys: { subject: MessageKey; lead: MessageKey; goHere: MessageKey; link: MessageKey; ignore: MessageKey },
  url: string,
): MailMessage {
  const t = translatorFor(locale);
  const subject = t(keys.subject);
  const lead = t(keys.lead);
  const ignore = t(keys.ignore);
  return {
    to,
    subject,
    text: `${lead}\n\n${t(keys.goHere, { url })}\n\n${ignore}`,
    html: layout(
      locale,
      subject,
      `<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(t(keys.link))}</a></p><p>${escapeHtml(ignore)}</p>`,
    ),
  };
}

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

/**
 * To a driver when a browser and system not seen on their account before signs in: the time and the
 * device, and what to do if it was not them. Drivers can switch it off on /account.
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

/** What a charge receipt says: the finished session's figures and where it was. */
export interface ChargeReceipt {
  startedAt: Date;
  stoppedAt: Date;
  energyWh: number;
  amount: number;
  currency: string | null;
  /** The location's name, or null when the platform does not tell it. */
  location: string | null;
}

/**
 * To a driver when a charging session ends: energy, duration, cost and location. Drivers can switch
 * it off on /account.
 */
export function chargeReceiptMail(locale: Locale, to: string, receipt: ChargeReceipt, accountUrl: string): MailMessage {
  const t = translatorFor(locale);
  const subject = t("mail.chargeReceipt.subject");
  const rows: Array<[string, string]> = [
    [t("mail.chargeReceipt.location"), receipt.location ?? t("mail.chargeReceipt.locationUnknown")],
    [t("mail.chargeReceipt.started"), formatDateTime(receipt.startedAt, locale)],
    [
      t("mail.chargeReceipt.duration"),
      formatDuration(receipt.stoppedAt.getTime() - receipt.startedAt.getTime(), (key, values) =>
        t(`duration.${key}`, values),
      ),
    ],
    [t("mail.chargeReceipt.energy"), formatKwh(receipt.energyWh, locale)],
    [t("mail.chargeReceipt.cost"), formatMoney(receipt.amount, receipt.currency, locale)],
  ];
  const switchOff = t("mail.chargeReceipt.switchOff");
  return {
    to,
    subject,
    text: `${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${switchOff} ${accountUrl}`,
    html: layout(
      locale,
      subject,
      `<table>${rows.map(([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>
<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(switchOff)}</a></p>`,
    ),
  };
}
