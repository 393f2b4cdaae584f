import "server-only";
import { PORTAL_NAME } from "@/lib/core/brand";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor, type MessageKey } from "@/lib/core/i18n/translator";
import type { MailMessage } from "./send";

/** What every mail is made of; each mail lives with its feature. In the HTML part every value is escaped. */

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** The tags of a message, for the text part: the words only. */
export const plain = (chunks: string) => chunks;
export const strong = (chunks: string) => `<strong>${chunks}</strong>`;
export const BUTTON_STYLE =
  "display:inline-block;background:#0b6139;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none";

export function layout(locale: Locale, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#475569;font-size:13px">${escapeHtml(PORTAL_NAME)}</p></body></html>`;
}

/** A note that points somewhere (sign-up, sign-in) instead of carrying a link that signs in. */
export function pointerMail(
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

/** A mail of one paragraph: the same words in both parts. */
export function noteMail(locale: Locale, to: string, subject: string, body: string): MailMessage {
  return { to, subject, text: body, html: layout(locale, subject, `<p>${escapeHtml(body)}</p>`) };
}

/** What a mail that carries a link says around it: the lead (text, and HTML where it has a paragraph), the validity. */
export interface LinkMailWords {
  subject: string;
  lead: { text: string; html?: string };
  /** A button's label; without one the link stands alone as its address. */
  button?: string;
  validity: string;
}

/** A mail whose point is one link (sign in, finish sign-up, confirm an address), valid for a while. */
export function linkMail(locale: Locale, to: string, url: string, words: LinkMailWords): MailMessage {
  const href = escapeHtml(url);
  const link = words.button
    ? `<p><a href="${href}" style="${BUTTON_STYLE}">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(translatorFor(locale)("mail.pasteAddress"))}<br><a href="${href}">${href}</a></p>`
    : `<p><a href="${href}">${href}</a></p>`;
  const lead = words.lead.html === undefined ? "" : `<p>${words.lead.html}</p>\n`;
  return {
    to,
    subject: words.subject,
    text: `${words.lead.text}\n\n${url}\n\n${words.validity}`,
    html: layout(locale, words.subject, `${lead}${link}\n<p>${escapeHtml(words.validity)}</p>`),
  };
}
