import "server-only";
import { PORTAL_NAME } from "@/lib/core/brand";
import { formatDate, formatKwh, formatMoney, numberFormat } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";
import {
  BRAND,
  CONTENT_WIDTH,
  createPdf,
  drawFields,
  drawFooter,
  drawLetterhead,
  INK,
  MUTED,
  PAGE,
  pdfBytes,
  RULE,
  SHADE,
  winAnsi,
  type Pdf,
} from "@/lib/core/pdf-document";
import type { BillLine } from "@/lib/platform/types";
import { sessionDurationLabel, sessionStartLabel, sessionStopLabel } from "@/lib/features/sessions";
import { lineNet, type PaidWith, type SessionReceipt } from "./receipt";
import { paymentMethodName } from "./payment-words";

const COMPONENTS = new Set(["energy", "connection", "charging_time", "idle_time", "flat", "session"]);
const UNITS = new Set(["kwh", "minute", "session"]);

/** Columns of the lines' table: what, quantity, unit price, net, VAT rate, gross (x and width in points). */
const COLUMNS = [
  { x: 0, width: 150, align: "left" },
  { x: 150, width: 70, align: "right" },
  { x: 220, width: 70, align: "right" },
  { x: 290, width: 60, align: "right" },
  { x: 350, width: 60, align: "right" },
  { x: 410, width: CONTENT_WIDTH - 410, align: "right" },
] as const;

function drawRow(doc: Pdf, cells: readonly string[], y: number, bold = false): number {
  doc
    .font(bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(9.5)
    .fillColor(INK);
  let height = 0;
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    const text = winAnsi(cell);
    height = Math.max(height, doc.heightOfString(text, { width: column.width - 6 }));
    doc.text(text, PAGE.margin + column.x, y, { width: column.width - 6, align: column.align });
  });
  return y + height + 6;
}

function paidWithWords(paid: PaidWith, t: Translator): string | null {
  switch (paid.kind) {
    case "balance":
      return t("charging.receipt.paidWithBalance");
    case "card":
      return paid.name
        ? paymentMethodName(t, { kind: "card", issuer: paid.issuer, name: paid.name })
        : t("charging.receipt.paidWithCard");
    case "other":
      return paid.type;
    case "unknown":
      return null;
  }
}

/**
 * A finished session's receipt on one A4 page, in the driver's words and formats: seller, the charge, each priced
 * component with net, VAT rate and gross, and the totals (gross: the session's amount). */
export function sessionReceiptPdf(
  receipt: SessionReceipt,
  issuedOn: string,
  { t, locale }: { t: Translator; locale: string },
): Promise<Uint8Array> {
  const { session, bill, seller, customer, place, paidWith, totals } = receipt;
  const lines = bill?.lines ?? [];
  const currency = bill?.currency ?? session.currency ?? null;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const quantity = numberFormat(locale, { maximumFractionDigits: 3 });
  const started = sessionStartLabel(session, locale);
  const doc = createPdf(t("charging.receipt.docTitle", { id: session.id }), t("charging.receipt.title"), locale);

  const component = (line: BillLine) =>
    COMPONENTS.has(line.type)
      ? t(`charging.receipt.components.${line.type as "energy"}`)
      : t("charging.receipt.components.other");
  const amountOf = (line: BillLine) =>
    t(`charging.receipt.units.${UNITS.has(line.unit ?? "") ? (line.unit as "kwh") : "other"}`, {
      quantity: quantity.format(line.quantity),
    });
  const rate = (line: BillLine) =>
    line.taxPercent === null ? "" : t("charging.receipt.percent", { percent: quantity.format(line.taxPercent) });

  return pdfBytes(doc, () => {
    let y = drawLetterhead(
      doc,
      t("charging.receipt.title"),
      t("charging.receipt.subtitle", { id: session.id, started }),
    );
    if (seller) {
      y = drawFields(
        doc,
        [
          [t("charging.receipt.seller"), [seller.name, ...seller.addressLines].join(", ")],
          [t("charging.receipt.sellerVat"), seller.vatNumber],
        ],
        PAGE.margin,
        y,
        CONTENT_WIDTH,
      );
      y += 8;
    }
    y = drawFields(
      doc,
      [
        [t("charging.receipt.billedTo"), [customer.name, ...customer.addressLines].filter(Boolean).join(", ") || null],
        [t("charging.receipt.customer"), String(customer.number)],
        [t("charging.receipt.session"), session.id],
        [t("charging.receipt.started"), started],
        [t("charging.receipt.stopped"), sessionStopLabel(session, locale)],
        [t("charging.receipt.duration"), sessionDurationLabel(session, (key, values) => t(`duration.${key}`, values))],
        [t("charging.receipt.place"), place ? [place.name, place.address].filter(Boolean).join(", ") : null],
        [t("charging.receipt.energy"), formatKwh(session.energyWh, locale)],
        [t("charging.receipt.card"), session.cardNumber ?? null],
        [t("charging.receipt.paidWith"), paidWithWords(paidWith, t)],
      ],
      PAGE.margin,
      y,
      CONTENT_WIDTH,
    );
    y += 14;
    if (lines.length === 0) {
      doc.font("Helvetica").fontSize(9.5).fillColor(MUTED);
      doc.text(winAnsi(t("charging.receipt.noLines")), PAGE.margin, y, { width: CONTENT_WIDTH });
      y = doc.y + 6;
    } else {
      y = drawRow(
        doc,
        ["component", "quantity", "unitPrice", "net", "vatRate", "gross"].map((key) =>
          t(`charging.receipt.${key as "net"}`),
        ),
        y,
        true,
      );
      doc
        .moveTo(PAGE.margin, y - 3)
        .lineTo(PAGE.width - PAGE.margin, y - 3)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    for (const line of lines)
      y = drawRow(
        doc,
        [
          component(line),
          amountOf(line),
          money(line.unitPrice.gross),
          money(lineNet(line)),
          rate(line),
          money(line.price.gross),
        ],
        y,
      );
    y += 8;
    const split = totals.net !== null && totals.vat !== null;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, split ? 66 : 34).fill(SHADE);
    const total = (label: string, amount: number, at: number, bold = false) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bold ? 12 : 10)
        .fillColor(bold ? BRAND : INK);
      doc.text(winAnsi(label), PAGE.margin + 12, at, { width: CONTENT_WIDTH / 2 });
      doc.text(winAnsi(money(amount)), PAGE.margin + CONTENT_WIDTH / 2, at, {
        width: CONTENT_WIDTH / 2 - 12,
        align: "right",
      });
    };
    if (totals.net !== null && totals.vat !== null) {
      total(t("charging.receipt.totalNet"), totals.net, y + 8);
      total(t("charging.receipt.totalVat"), totals.vat, y + 24);
    }
    total(t("charging.receipt.totalGross"), totals.gross, split ? y + 42 : y + 10, true);
    drawFooter(doc, t("charging.receipt.footer", { portal: PORTAL_NAME, date: issuedOn }), session.id);
  });
}

/** The receipt as the driver downloads it or finds it attached to the mail: issued today, in `locale`. */
export async function sessionReceiptFile(
  receipt: SessionReceipt,
  { t, locale }: { t: Translator; locale: string },
): Promise<{ filename: string; bytes: Uint8Array }> {
  return {
    filename: `receipt-charging-session-${receipt.session.id}.pdf`,
    bytes: await sessionReceiptPdf(receipt, formatDate(new Date(), locale), { t, locale }),
  };
}
