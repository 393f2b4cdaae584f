import "server-only";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { mailOutbox } from "@/lib/core/db/schema";
import { countMail } from "@/lib/core/observability/metrics";
import { traced } from "@/lib/core/observability/tracing";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

type SmtpMessage = Omit<MailMessage, "attachments"> & {
  from: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};
type SmtpTransport = { sendMail(message: SmtpMessage): Promise<{ rejected?: unknown[] }> };
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
  // The span and the count name the transport only: never the recipient or the subject.
  await traced("mail send", { "mail.transport": mail.smtpUrl ? "smtp" : "outbox" }, async () => {
    try {
      await deliver(message, mail);
    } catch (error) {
      countMail("failed");
      throw error;
    }
    countMail("sent");
  });
}

async function deliver(message: MailMessage, mail: ReturnType<typeof getConfig>["mail"]): Promise<void> {
  if (mail.smtpUrl) {
    const transport = await smtpTransport(mail.smtpUrl);
    const attachments = message.attachments?.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content: Buffer.from(content),
    }));
    const result = await transport.sendMail({ ...message, attachments, from: mail.from });
    if (result.rejected && result.rejected.length > 0) throw new Error("The mail server rejected the recipient");
    return;
  }
  const db = await getDb();
  const attachments = message.attachments?.map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    base64: Buffer.from(content).toString("base64"),
  }));
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: attachments?.length ? attachments : null,
  });
}
