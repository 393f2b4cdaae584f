import { describe, expect, it } from "vitest";
import { PackLedger } from "@/lib/features/expense-pack/ledger";
import type { PackDriver } from "@/lib/features/expense-pack/pack-driver";
import { formatPackAmount, formatPackEnergy, type PackLanguage } from "@/lib/features/expense-pack/pack-line";
import { buildSessionReceipt } from "@/lib/features/charging/receipt";
import { sessionReceiptPdf } from "@/lib/features/charging/receipt-pdf";
import { summaryPdf } from "@/lib/features/expense-pack/summary-pdf";
import type { Locale } from "@/lib/core/i18n/locales";
import { translatorFor } from "@/lib/core/i18n/translator";
import { pdfText } from "../../support/pdf-text";
import { session } from "../sessions/fixtures";

/** The pack's documents are written in the language of the request that asks for them. */

const language = (locale: Locale): PackLanguage => ({ t: translatorFor(locale), locale });
const driver: PackDriver = {
  name: "Demi Driver",
  email: "demi@example.com",
  addressLines: ["Keizersgracht 123", "1015 CJ Amsterdam"],
  customerNumber: 1001,
};
const place = { name: "Laadplein Westerpark", address: "Haarlemmerweg 8, Amsterdam" };

describe("the pack's language", () => {
  it("formats energy and money in the driver's language, with the ISO code", () => {
    expect(formatPackEnergy(1_234_567, "en")).toBe("1,234.567 kWh");
    expect(formatPackEnergy(1_234_567, "de")).toBe("1.234,567 kWh");
    expect(formatPackAmount(123_450, "EUR", language("en"))).toBe("EUR 1,234.50");
    expect(formatPackAmount(123_450, "EUR", language("nl"))).toBe("EUR 1.234,50");
    expect(formatPackAmount(123_450, "EUR", language("de"))).toBe("1.234,50 EUR");
    expect(formatPackAmount(481, "", language("de"))).toBe("4,81");
  });

  it("writes the receipt in Dutch or German, in the page's formats, with the amount alone where no bill is priced", async () => {
    const context = { seller: null, methods: [], customer: { name: "Demi Driver", addressLines: [], number: 1001 } };
    const dutch = language("nl");
    const nl = await pdfText(
      await sessionReceiptPdf(
        buildSessionReceipt(session({ currency: "EUR" }), null, context, place),
        "14 mrt 2026",
        dutch,
      ),
    );
    for (const words of ["Bonnetje", "Laadsessie 70001", "Demi Driver", "1 u 45 min", "Laadplein Westerpark", "€ 4,81"])
      expect(nl).toContain(words);
    expect(nl).not.toContain("Totaal zonder btw");
    expect(nl).not.toContain("Btw-tarief");
    expect(nl).not.toContain("Receipt");

    const german = language("de");
    const de = await pdfText(
      await sessionReceiptPdf(
        buildSessionReceipt(session({ currency: "EUR" }), null, context, null),
        "14.03.2026",
        german,
      ),
    );
    for (const words of ["Beleg", "Gesamt bezahlt", "4,81 €"]) expect(de).toContain(words);
  });

  it("writes the summary in the driver's language", async () => {
    const german = language("de");
    const asOf = Date.parse("2026-03-15T00:00:00Z");
    const ledger = new PackLedger(asOf, "EUR");
    const sessions = [session(), session({ id: "70002", status: "failed" })];
    for (const s of sessions) ledger.add(s);
    async function* pages() {
      yield sessions;
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of summaryPdf({
      driver,
      periodText: "01.03.2026 bis 31.03.2026",
      issuedOn: "15.03.2026",
      ledger,
      pages: pages(),
      places: { learn: async () => {}, label: () => place },
      language: german,
    }))
      chunks.push(chunk);
    const text = await pdfText(Buffer.concat(chunks));
    for (const words of [
      "Ladekosten",
      "Summen",
      "Abgeschlossene Ladevorgänge, neueste zuerst",
      "Begonnen (Ortszeit)",
      "Ladevorgang 70001",
      "Fehlgeschlagen (nicht gezählt)",
      "Ladevorgang 70002, begonnen am",
      "Seite 1",
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/Charging expenses|Totals|Page 1/);
  });
});
