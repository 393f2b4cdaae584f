import "server-only";
import { formatDateTime, formatDuration, formatKwh, formatMoney } from "@/lib/core/format";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import { escapeHtml, layout } from "@/lib/core/mail/layout";
import type { MailAttachment, MailMessage } from "@/lib/core/mail/send";
import { logger } from "@/lib/core/log";
import { loadSessionReceipt, sessionReceiptFile } from "@/lib/features/charging";

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
 * it off on /account/notifications.
 */
export function chargeReceiptMail(
  locale: Locale,
  to: string,
  receipt: ChargeReceipt,
  accountUrl: string,
  attachment: MailAttachment | null = null,
): MailMessage {
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
  const attached = attachment ? `${t("mail.chargeReceipt.attached")}\n\n` : "";
  return {
    to,
    subject,
    text: `${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${attached}${switchOff} ${accountUrl}`,
    html: layout(
      locale,
      subject,
      `<table>${rows.map(([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>
${attachment ? `<p>${escapeHtml(t("mail.chargeReceipt.attached"))}</p>` : ""}
<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(switchOff)}</a></p>`,
    ),
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}

/** The receipt a session's page offers, for the mail; a failure leaves the mail without it (logged). */
export async function receiptAttachmentOf(
  platformUserId: number,
  sessionId: string,
  locale: Locale,
): Promise<MailAttachment | null> {
  try {
    const receipt = await loadSessionReceipt(platformUserId, sessionId, locale);
    if (!receipt) return null;
    const { filename, bytes } = await sessionReceiptFile(receipt, { t: translatorFor(locale), locale });
    return { filename, contentType: "application/pdf", content: bytes };
  } catch (error) {
    logger("live").warn("the receipt PDF for the mail could not be made", error);
    return null;
  }
}
