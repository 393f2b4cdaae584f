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

const { createPlatformReceiptHandler, loadSessionReceipt, startCharging, stopCharging } =
  await import("@/lib/features/charging");
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
    expect(totals.net! + totals.vat!).toBeCloseTo(totals.gross, 2);
    expect(bill!.lines.reduce((sum, line) => sum + line.price.gross, 0)).toBeCloseTo(totals.gross, 2);
    expect(bill!.lines.every((line) => line.taxPercent === 21)).toBe(true);
    expect(receipt!.seller).toMatchObject({ name: "Driver Portal B.V.", vatNumber: "NL859123456B01" });

    const text = await pdfText(await sessionReceiptPdf(receipt!, "5 Dec 2026", { t: en, locale: "en" }));
    for (const words of ["Receipt", "Driver Portal B.V.", "NL859123456B01", "Total without VAT", "Total paid", "21 %"])
      expect(text).toContain(words);
    expect(text).toContain(`€${totals.gross.toFixed(2)}`);
    expect(text).toContain(`€${totals.vat!.toFixed(2)}`);
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
    expect(receipt!.bill!.lines.map((line) => line.type)).toContain("connection");
    expect(receipt!.totals.net! + receipt!.totals.vat!).toBeCloseTo(receipt!.totals.gross, 2);
    const text = await pdfText(await sessionReceiptPdf(receipt!, "5 dec 2026", { t: nl, locale: "nl" }));
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

describe("the charging service's own receipt", () => {
  const download = (platformUserId: number, id: string) =>
    createPlatformReceiptHandler({ authorize: async () => ({ platformUserId }) })(
      new Request(`http://localhost/api/sessions/${encodeURIComponent(id)}/platform-receipt`),
      { params: Promise.resolve({ id }) },
    );

  it("passes on the PDF the platform issued for the driver's finished session, named by its number", async () => {
    const session = await finishedSessionOf(DEMO_DRIVER_ID);
    expect(session.platformReceiptId).toEqual(expect.any(Number));
    const res = await download(DEMO_DRIVER_ID, session.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/filename="receipt-RC-\d{4}-\d{7}\.pdf"/);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Total ${session.amount.toFixed(2)} EUR`);
    // The download link is the platform's; the browser only ever sees the portal's address.
    const reads = (await h.state()).requestLog.map((r) => r.path);
    expect(reads).toContain(`/public-api/resources/receipts/v2.0/${session.platformReceiptId}`);
  });

  it("is not found for another driver's session, nor for a running one, which has no receipt yet", async () => {
    const theirs = await finishedSessionOf(DEMO_DRIVER_ID);
    const other = await download(SECOND_DRIVER_ID, theirs.id);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: en("charging.platformReceipt.notFound") });
    const [running] = await h.client.sessions.listRunningSessions(DEMO_DRIVER_ID);
    expect(running!.platformReceiptId ?? null).toBeNull();
    expect((await download(DEMO_DRIVER_ID, running!.id)).status).toBe(404);
  });

  it("says in words when the platform does not answer for the receipt, and passes nothing on", async () => {
    const session = await finishedSessionOf(DEMO_DRIVER_ID);
    await h.control("PUT", "/faults", {
      rules: [{ method: "GET", path: "^/public-api/resources/receipts/v2\\.0/", status: 503, times: 10 }],
    });
    const res = await download(DEMO_DRIVER_ID, session.id);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await res.json()).error).toMatch(/charging service/i);
  });
});

describe("the same receipt in the end-of-charge mail", () => {
  it("is attached to the mail in the driver's language, with the VAT split the session's page gives", async () => {
    const { chargeReceiptMail, receiptAttachmentOf } = await import("@/lib/features/live/receipt-mail");
    const session = await finishedSessionOf(DEMO_DRIVER_ID);
    const attachment = await receiptAttachmentOf(DEMO_DRIVER_ID, session.id, "de");
    expect(attachment).toMatchObject({
      filename: `receipt-charging-session-${session.id}.pdf`,
      contentType: "application/pdf",
    });
    const text = await pdfText(attachment!.content);
    for (const words of ["Beleg", "Summe ohne USt", "Gesamt bezahlt", "Driver Portal B.V."])
      expect(text).toContain(words);

    const facts = {
      startedAt: new Date(session.startedAt!),
      stoppedAt: new Date(session.stoppedAt!),
      energyWh: session.energyWh,
      amount: session.amount,
      currency: "EUR",
      location: null,
    };
    const mail = chargeReceiptMail("de", "demo@example.com", facts, "http://localhost/account", attachment);
    expect(mail.attachments).toEqual([attachment]);
    expect(mail.text).toContain("Der Beleg mit der USt-Aufschlüsselung ist als PDF angehängt.");
    expect(chargeReceiptMail("de", "demo@example.com", facts, "http://localhost/account").attachments).toBeUndefined();

    // The demo outbox keeps the file, which /dev/mailbox offers for download.
    const { sendMail } = await import("@/lib/core/mail/send");
    const { listOutbox } = await import("@/lib/core/mail/outbox");
    await sendMail(mail);
    const [stored] = await listOutbox(1);
    expect(stored!.attachments).toEqual([
      {
        filename: attachment!.filename,
        contentType: "application/pdf",
        base64: Buffer.from(attachment!.content).toString("base64"),
      },
    ]);
  });

  it("is left out, and the mail still goes, for another driver's session", async () => {
    const { receiptAttachmentOf } = await import("@/lib/features/live/receipt-mail");
    const theirs = await finishedSessionOf(DEMO_DRIVER_ID);
    expect(await receiptAttachmentOf(SECOND_DRIVER_ID, theirs.id, "en")).toBeNull();
  });
});
