import "server-only";
import { PORTAL_NAME } from "@/lib/brand";
import type { PackLine } from "./pack-line";
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
} from "./pdf-document";

/**
 * One finished session's receipt: one A4 page with the driver, the charge (times, place, energy,
 * card) and the amount in a box of its own, the figure an expense form asks for.
 */
export function receiptPdf(line: PackLine, driver: PackDriver, issuedOn: string): Promise<Uint8Array> {
  const doc = createPdf(`Charging receipt ${line.id}`, `Charging session ${line.id} of ${line.day}`);
  return pdfBytes(doc, () => {
    let y = drawLetterhead(doc, "Charging receipt", `Charging session ${line.id} · ${line.started}`);
    y = drawFields(
      doc,
      [
        ["Driver", driver.name],
        ["Address", driver.addressLines.join(", ") || null],
        ["Customer number", String(driver.customerNumber)],
      ],
      PAGE.margin,
      y,
      CONTENT_WIDTH,
    );
    y += 12;
    y = drawFields(
      doc,
      [
        ["Session", String(line.id)],
        ["Started", line.started],
        ["Stopped", line.stopped],
        ["Duration", line.duration],
        ["Location", line.place?.name ?? "Not known"],
        ["Location address", line.place?.address ?? null],
        ["Card", line.cardNumber],
        ["Energy", line.energy],
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
      .text("Amount charged", PAGE.margin + 12, y + 15, { width: CONTENT_WIDTH / 2 });
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
      .text(
        "The amount is what the charging service charged to your account for this session. Times are the " +
          "charge point's local time.",
        PAGE.margin,
        y,
        { width: CONTENT_WIDTH },
      );
    drawFooter(doc, `${PORTAL_NAME} · issued ${issuedOn}`, `Receipt for session ${line.id}`);
  });
}
