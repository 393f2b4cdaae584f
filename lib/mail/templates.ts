import type { MailMessage } from "./send";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#475569;font-size:13px">Driver Portal</p></body></html>`;
}

export function signInLinkMail(to: string, url: string, validMinutes: number): MailMessage {
  const subject = "Your Driver Portal sign-in link";
  return {
    to,
    subject,
    text: `Sign in to Driver Portal by opening this link:\n\n${url}\n\nThe link works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this mail.`,
    html: layout(
      subject,
      `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b6139;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Sign in to Driver Portal</a></p>
<p>Or paste this address into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>The link works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this mail.</p>`,
    ),
  };
}

/** Sent instead of a link when nobody has an account under the address, so the sign-in form reveals nothing. */
export function noAccountMail(to: string, signUpUrl: string): MailMessage {
  const subject = "Sign-in request for Driver Portal";
  return {
    to,
    subject,
    text: `Someone asked to sign in to Driver Portal with this address, but there is no account for it yet.\n\nCreate one here: ${signUpUrl}\n\nIf you did not ask for this, ignore this mail.`,
    html: layout(
      subject,
      `<p>Someone asked to sign in to Driver Portal with this address, but there is no account for it yet.</p>
<p><a href="${escapeHtml(signUpUrl)}">Create an account</a></p><p>If you did not ask for this, ignore this mail.</p>`,
    ),
  };
}
