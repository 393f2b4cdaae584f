import type { MailMessage } from "./send";

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
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

/** To the NEW address of a driver's e-mail change: the change happens only if this link is followed. */
export function emailChangeConfirmMail(to: string, url: string, validMinutes: number): MailMessage {
  const subject = "Confirm your new Driver Portal e-mail address";
  const ignore = "If you did not ask for this, ignore this mail: nothing changes.";
  return {
    to,
    subject,
    text: `Someone signed in to Driver Portal asked to make ${to} the sign-in address of their account. To confirm, open this link while signed in to that account:\n\n${url}\n\nThe link works once and expires in ${validMinutes} minutes. ${ignore}`,
    html: layout(
      subject,
      `<p>Someone signed in to Driver Portal asked to make <strong>${escapeHtml(to)}</strong> the sign-in address of their account. To confirm, open this link while signed in to that account:</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>The link works once and expires in ${validMinutes} minutes. ${escapeHtml(ignore)}</p>`,
    ),
  };
}

/** To the OLD address once a change took effect, so a takeover does not go unnoticed. */
export function emailChangedNoticeMail(to: string, newEmail: string, supportEmail: string): MailMessage {
  const subject = "Your Driver Portal e-mail address was changed";
  const help = `If you did not make this change, contact support right away at ${supportEmail}.`;
  return {
    to,
    subject,
    text: `The sign-in address of your Driver Portal account was changed from ${to} to ${newEmail}. Sign-in links now go to the new address, and every other signed-in device was signed out.\n\n${help}`,
    html: layout(
      subject,
      `<p>The sign-in address of your Driver Portal account was changed from <strong>${escapeHtml(to)}</strong> to <strong>${escapeHtml(newEmail)}</strong>. Sign-in links now go to the new address, and every other signed-in device was signed out.</p>
<p>If you did not make this change, contact support right away at <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>`,
    ),
  };
}

/**
 * To a driver support created on a platform that mails no reset link (ampeco): the portal's own link
 * to choose the charging-app password. Nobody else ever knew the account's first password.
 */
export function appPasswordLinkMail(to: string, url: string, validDays: number): MailMessage {
  const subject = "Choose your charging app password";
  const note = `The link works once and expires in ${validDays} days. If you did not expect this mail, ignore it.`;
  return {
    to,
    subject,
    text: `Support created a charging account for ${to}. Choose the password you will use in the charging app here:\n\n${url}\n\n${note}`,
    html: layout(
      subject,
      `<p>Support created a charging account for <strong>${escapeHtml(to)}</strong>. Choose the password you will use in the charging app here:</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b6139;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose your app password</a></p>
<p>Or paste this address into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(note)}</p>`,
    ),
  };
}

/**
 * To a driver when a browser and system not seen on their account before signs in: the time and the
 * device, and what to do if it was not them. Drivers can switch it off on /account.
 */
export function newDeviceMail(to: string, device: string, when: string, accountUrl: string): MailMessage {
  const subject = "New sign-in to your Driver Portal account";
  const action = `If this was not you, sign that device out on your account page (${accountUrl}) and contact support.`;
  return {
    to,
    subject,
    text: `Your Driver Portal account was signed in on ${when} from ${device}, a browser not used with it before.\n\nIf this was you, there is nothing to do. ${action}\n\nYou can switch these notices off on your account page.`,
    html: layout(
      subject,
      `<p>Your Driver Portal account was signed in on <strong>${escapeHtml(when)}</strong> from <strong>${escapeHtml(device)}</strong>, a browser not used with it before.</p>
<p>If this was you, there is nothing to do. If this was not you, sign that device out on <a href="${escapeHtml(accountUrl)}">your account page</a> and contact support.</p>
<p>You can switch these notices off on your account page.</p>`,
    ),
  };
}

/** To a driver who asked to delete their account: when it happens, and that they can still cancel. */
export function deletionRequestedMail(to: string, dueDate: string): MailMessage {
  const subject = "Your Driver Portal account deletion request";
  const body = `We received your request to delete your Driver Portal account. It will be carried out after ${dueDate}: then your charging cards stop working and your portal account is deleted. Until then you can cancel it on your account page. If you did not ask for this, cancel it and contact support.`;
  return { to, subject, text: body, html: layout(subject, `<p>${escapeHtml(body)}</p>`) };
}

/** To a driver whose deletion request support declined, with their reason. */
export function deletionDeclinedMail(to: string, reason: string): MailMessage {
  const subject = "Your Driver Portal account deletion request was declined";
  const body = `Support declined your request to delete your Driver Portal account, for this reason: ${reason}\n\nYour account stays as it is. Reply to support if you have questions.`;
  return {
    to,
    subject,
    text: body,
    html: layout(
      subject,
      `<p>Support declined your request to delete your Driver Portal account, for this reason:</p>
<blockquote>${escapeHtml(reason)}</blockquote><p>Your account stays as it is. Reply to support if you have questions.</p>`,
    ),
  };
}

/**
 * To the account holder when a passkey is added to or removed from their account (or all of them are
 * reset by an admin): the recovery notice, so a passkey nobody meant to add is noticed.
 */
export function passkeyChangedMail(
  to: string,
  change: "added" | "removed" | "reset",
  passkeyName: string,
  when: string,
  accountUrl: string,
): MailMessage {
  const subject =
    change === "added"
      ? "A passkey was added to your Driver Portal account"
      : change === "removed"
        ? "A passkey was removed from your Driver Portal account"
        : "Your Driver Portal passkeys were reset";
  const what =
    change === "added"
      ? `The passkey “${passkeyName}” was added to your Driver Portal account on ${when}.`
      : change === "removed"
        ? `The passkey “${passkeyName}” was removed from your Driver Portal account on ${when}.`
        : `An administrator removed every passkey from your Driver Portal account on ${when}. Sign in with an e-mail link and add a new one.`;
  const body = `${what} If this was not you, contact support at once; your passkeys are listed on ${accountUrl}.`;
  return { to, subject, text: body, html: layout(subject, `<p>${escapeHtml(body)}</p>`) };
}
