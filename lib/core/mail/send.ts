import "server-only";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { mailOutbox } from "@/lib/core/db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

type SmtpTransport = { sendMail(message: MailMessage & { from: string }): Promise<{ rejected?: unknown[] }> };
const holder = globalThis as unknown as { __driverPortalSmtp?: SmtpTransport };

async function smtpTransport(smtpUrl: string): Promise<SmtpTransport> {
  if (!holder.__driverPortalSmtp) {
    const nodemailer = await import("nodemailer");
    holder.__driverPortalSmtp = nodemailer.createTransport(smtpUrl) as unknown as SmtpTransport;
  }
  return holder.__driverPortalSmtp;
}

/** Sends through SMTP when SMTP_URL is set, otherwise stores the message in the demo outbox. */
export async function sendMail(message: MailMessage): Promise<void> {
  const { mail } = getConfig();
  if (mail.smtpUrl) {
    const transport = await smtpTransport(mail.smtpUrl);
    const result = await transport.sendMail({ ...message, from: mail.from });
    if (result.rejected && result.rejected.length > 0) throw new Error("The mail server rejected the recipient");
    return;
  }
  const db = await getDb();
  await db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
}
