import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { translatorFor } from "@/lib/core/i18n/translator";
import { pdfText } from "../../support/pdf-text";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 38, the receipt of a finished session: the platform's price breakdown split into net, VAT and gross, adding
 * up to the session's amount; the seller from the partner; how it was paid; only the driver's own sessions.
 */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { loadSessionReceipt, startCharging, stopCharging } = await import("@/lib/features/charging");
const { sessionReceiptPdf } = await import("@/lib/features/charging/receipt-pdf");
const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco", seedLocations: true });
const en = translatorFor("en");

async function finishedSessionOf(userId: number) {
  const page = await h.client.sessions.listSessions({ userId, page: 1, perPage: 10 });
  const finished = page.items.find((s) => !s.isRunning && s.amount > 0);
  if (!finished) throw new Error("the seed has a finished, paid session");
  return finished;
}

describe("a session's receipt", () => {
  it("splits the amount into net and VAT line by line, adding up to the session's amount, with the seller", async () => {
    const session = await finishedSessionOf(DEMO_DRIVER_ID);
    const receipt = await loadSessionReceipt(DEMO_DRIVER_ID, session.id, "en");
    expect(receipt).not.toBeNull();
    const { totals, bill } = receipt!;
    expect(totals.gross).toBeCloseTo(session.amount, 2);
    expect(totals.net + totals.vat).toBeCloseTo(totals.gross, 2);
    expect(bill.lines.reduce((sum, line) => sum + line.price.gross, 0)).toBeCloseTo(totals.gross, 2);
    expect(bill.lines.every((line) => line.taxPercent === 21)).toBe(true);
    expect(receipt!.seller).toMatchObject({ name: "Driver Portal B.V.", vatNumber: "NL859123456B01" });

    const text = await pdfText(
      await sessionReceiptPdf(receipt!, DEMO_DRIVER_ID, "5 Dec 2026", { t: en, locale: "en" }),
    );
    for (const words of ["Receipt", "Driver Portal B.V.", "NL859123456B01", "Total without VAT", "Total paid", "21 %"])
      expect(text).toContain(words);
    expect(text).toContain(`€${totals.gross.toFixed(2)}`);
    expect(text).toContain(`€${totals.vat.toFixed(2)}`);
  });

  it("itemises a charge started from the browser and names the card it was paid with, in Dutch", async () => {
    const methods = await h.client.charging!.listPaymentMethods(DEMO_DRIVER_ID);
    const visa = methods.find((m) => m.issuer === "visa")!;
    const [seeded] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    await stopCharging(DEMO_DRIVER_ID, seeded!.id, false);
    const { sessionId } = await startCharging(DEMO_DRIVER_ID, { evseId: 50101, payment: visa.id! });
    await stopCharging(DEMO_DRIVER_ID, sessionId, false);
    const nl = translatorFor("nl");
    const receipt = await loadSessionReceipt(DEMO_DRIVER_ID, sessionId, "nl");
    expect(receipt?.paidWith).toEqual({ kind: "card", issuer: "visa", name: "**** 4242" });
    // A start accepted is a start fee due, even before the car drew (docs/platform-fidelity.md).
    expect(receipt!.bill.lines.map((line) => line.type)).toContain("connection");
    expect(receipt!.totals.net + receipt!.totals.vat).toBeCloseTo(receipt!.totals.gross, 2);
    const text = await pdfText(
      await sessionReceiptPdf(receipt!, DEMO_DRIVER_ID, "5 dec 2026", { t: nl, locale: "nl" }),
    );
    for (const words of ["Bonnetje", "Starttarief", "Totaal zonder btw", "Visa **** 4242"])
      expect(text).toContain(words);
  });

  it("is none for another driver's session, and not yet for a running one", async () => {
    const theirs = await finishedSessionOf(DEMO_DRIVER_ID);
    expect(await loadSessionReceipt(SECOND_DRIVER_ID, theirs.id, "en")).toBeNull();
    const [running] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    await expect(loadSessionReceipt(DEMO_DRIVER_ID, running!.id, "en")).rejects.toMatchObject({
      code: "charging-refused",
      key: "charging.receipt.notYet",
    });
  });
});
