import "server-only";
import { PORTAL_NAME } from "@/lib/core/brand";
import type { PackLanguage, PackLine } from "./pack-line";
import type { PackDriver } from "./pack-driver";
import {
  BRAND,
  CONTENT_WIDTH,
  createPdf,
  drawFields,
  drawFooter,
  drawLetterhead,
  INK,
  PAGE,
  pdfBytes,
  SHADE,
  winAnsi,
} from "@/lib/core/pdf-document";

/**
 * One finished session's receipt: one A4 page with the driver, the charge (times, place, energy,
 * card) and the amount in a box of its own, the figure an expense form asks for.
 */
export function receiptPdf(
  line: PackLine,
  driver: PackDriver,
  issuedOn: string,
  { t, locale }: PackLanguage,
): Promise<Uint8Array> {
  const id = String(line.id);
  const doc = createPdf(
    t("expensePack.receipt.docTitle", { id }),
    t("expensePack.receipt.subject", { id, day: line.day }),
    locale,
  );
  return pdfBytes(doc, () => {
    let y = drawLetterhead(
      doc,
      t("expensePack.receipt.title"),
      t("expensePack.receipt.subtitle", { id, started: line.started }),
    );
    y = drawFields(
      doc,
      [
        [t("expensePack.receipt.fields.driver"), driver.name],
        [t("expensePack.receipt.fields.address"), driver.addressLines.join(", ") || null],
        [t("expensePack.receipt.fields.customerNumber"), String(driver.customerNumber)],
      ],
      PAGE.margin,
      y,
      CONTENT_WIDTH,
    );
    y += 12;
    y = drawFields(
      doc,
      [
        [t("expensePack.receipt.fields.session"), id],
        [t("expensePack.receipt.fields.started"), line.started],
        [t("expensePack.receipt.fields.stopped"), line.stopped],
        [t("expensePack.receipt.fields.duration"), line.duration],
        [t("expensePack.receipt.fields.location"), line.place?.name ?? t("expensePack.receipt.notKnown")],
        [t("expensePack.receipt.fields.locationAddress"), line.place?.address ?? null],
        [t("expensePack.receipt.fields.card"), line.cardNumber],
        [t("expensePack.receipt.fields.energy"), line.energy],
      ],
      PAGE.margin,
      y,
      CONTENT_WIDTH,
    );
    y += 16;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 44).fill(SHADE);
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor(INK)
      .text(winAnsi(t("expensePack.receipt.amountCharged")), PAGE.margin + 12, y + 15, { width: CONTENT_WIDTH / 2 });
    doc
      .font("Helvetica-Bold")
      .fontSize(16)
      .fillColor(BRAND)
      .text(winAnsi(line.amount), PAGE.margin + CONTENT_WIDTH / 2, y + 13, {
        width: CONTENT_WIDTH / 2 - 12,
        align: "right",
      });
    y += 60;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(INK)
      .text(winAnsi(t("expensePack.receipt.note")), PAGE.margin, y, { width: CONTENT_WIDTH });
    drawFooter(
      doc,
      t("expensePack.receipt.footer", { portal: PORTAL_NAME, date: issuedOn }),
      t("expensePack.receipt.footerRight", { id }),
    );
  });
}
