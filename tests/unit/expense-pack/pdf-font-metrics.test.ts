import { describe, expect, it } from "vitest";
import { createPdf } from "@/lib/core/pdf-document";

// Widths and kerning from pdfkit's Helvetica.afm and Helvetica-Bold.afm: A 667 / 722, V 667, the pair A V -70 / -80.
const AV_AT_10_PT = { Helvetica: (667 + 667 - 70) / 100, "Helvetica-Bold": (722 + 667 - 80) / 100 };

describe("a receipt's font metrics, parsed once per process", () => {
  it("measure text with its widths and kerning in the first document and in every later one", () => {
    for (let document = 1; document <= 3; document++) {
      const doc = createPdf("Receipt", "Session", "en");
      for (const [font, width] of Object.entries(AV_AT_10_PT))
        expect(doc.font(font).fontSize(10).widthOfString("AV"), `${font} in document ${document}`).toBeCloseTo(
          width,
          6,
        );
      doc.end();
    }
  });
});
