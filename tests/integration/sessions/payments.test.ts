import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { createExpensePackHandler } from "@/lib/features/expense-pack/route-handlers";
import { auditLog } from "@/lib/core/db/schema";
import {
  createInvoiceDownloadHandler,
  createPaymentsExportHandler,
  createStaffInvoiceDownloadHandler,
} from "@/lib/features/payments/route-handlers";
import { loadLedgerView } from "@/lib/features/payments/service";
import { pdfText } from "../../support/pdf-text";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID, sessionsHarnessForSuite } from "./harness";
import { staffViewer } from "../../support/viewers";

/** The ledger's routes over the emulator in each dialect: ampeco has a ledger, the contract none (and no call). */

const TX = "/public-api/resources/transactions/v1.0";
const INVOICES = "/public-api/resources/invoices/v1.0";

const h = sessionsHarnessForSuite({ seedLocations: true, resetBeforeEach: true, asAppDatabase: true });
let signedIn = DEMO_DRIVER_ID;

const routeDeps = () => ({
  authorize: async () => ({ platformUserId: signedIn }),
  payments: () => ({ money: h.client.money, now: h.deps.now }),
});
const exportCsv = (qs = "") =>
  createPaymentsExportHandler(routeDeps())(new Request(`http://localhost/api/payments/export${qs}`));
const download = (id: number | string) =>
  createInvoiceDownloadHandler(routeDeps())(new Request(`http://localhost/api/payments/invoices/${id}`), {
    params: Promise.resolve({ id: String(id) }),
  });

const STAFF = staffViewer("support", { userId: "u-staff" });
const staffDownload = (driverId: number, invoiceId: number) =>
  createStaffInvoiceDownloadHandler({ authorize: async () => STAFF, payments: routeDeps().payments })(
    new Request(`http://localhost/api/admin/users/${driverId}/invoices/${invoiceId}`),
    { params: Promise.resolve({ id: String(driverId), invoiceId: String(invoiceId) }) },
  );

interface WireTransaction {
  id: number;
  date: string;
  userId: number;
  invoiceId: number | null;
}

/** A user's transactions as the emulator lists them, every page, newest first. */
async function wireTransactions(userId: number): Promise<WireTransaction[]> {
  const items: WireTransaction[] = [];
  let next: string | null = `${TX}?filter[userId]=${userId}&per_page=100&cursor=`;
  while (next) {
    const page: { body: any } = await h.emu.call("GET", next);
    items.push(...page.body.data);
    const link: string | null = page.body.links?.next ?? null;
    next = link ? `${new URL(link).pathname}${new URL(link).search}` : null;
  }
  return items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id);
}

const moneyCalls = () => h.requests.filter((u) => u.pathname.startsWith(TX) || u.pathname.startsWith(INVOICES));

beforeEach(() => {
  signedIn = DEMO_DRIVER_ID;
});

describe.runIf(process.env.PLATFORM_TEST_DIALECT === "ampeco")("payments (ampeco)", () => {
  it("exports exactly the demo driver's transactions, newest first", async () => {
    const expected = await wireTransactions(DEMO_DRIVER_ID);
    expect(expected.length).toBeGreaterThan(5);
    const response = await exportCsv(`?userId=${SECOND_DRIVER_ID}`);
    expect(response.status).toBe(200);
    const ids = (await response.text())
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(ids).toEqual(expected.map((t) => t.id));
  });

  it("downloads the driver's invoice as a real PDF, and another driver's invoice id is a 404", async () => {
    const own = (await wireTransactions(DEMO_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    const response = await download(own.invoiceId!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invoice-[A-Za-z0-9._-]+\.pdf"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(strFromU8(bytes.slice(0, 5))).toBe("%PDF-");

    const theirs = (await wireTransactions(SECOND_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    h.requests.length = 0;
    const forged = await download(theirs.invoiceId!);
    expect(forged.status).toBe(404);
    // Ownership first: their invoice is never read, its PDF never fetched.
    expect(h.requests.some((u) => u.pathname === `${INVOICES}/${theirs.invoiceId}`)).toBe(false);
  });

  it("gives staff a driver's invoice, audited, and another driver's invoice under this driver's id is a 404", async () => {
    const own = (await wireTransactions(DEMO_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    const response = await staffDownload(DEMO_DRIVER_ID, own.invoiceId!);
    expect(response.status).toBe(200);
    expect(strFromU8(new Uint8Array(await response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await h.opened.db.select().from(auditLog)).at(-1)).toMatchObject({
      actorEmail: "support@example.com",
      action: "driver.invoice.download",
      targetPlatformUserId: DEMO_DRIVER_ID,
      outcome: "success",
      details: { invoiceId: own.invoiceId },
    });

    const theirs = (await wireTransactions(SECOND_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    h.requests.length = 0;
    const forged = await staffDownload(DEMO_DRIVER_ID, theirs.invoiceId!);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ error: "This invoice was not found in this driver's account." });
    expect(h.requests.some((u) => u.pathname === `${INVOICES}/${theirs.invoiceId}`)).toBe(false);
  });

  it("puts the month's invoices into the expense pack and lists them in the summary", async () => {
    const inMarch = (await wireTransactions(DEMO_DRIVER_ID)).filter(
      (t) => t.invoiceId !== null && t.date.startsWith("2026-03"),
    );
    const pack = await createExpensePackHandler({
      authorize: async () => ({ platformUserId: DEMO_DRIVER_ID }),
      sessions: () => h.deps,
    })(new Request("http://localhost/api/sessions/expense-pack?period=this-month"));
    const files = unzipSync(new Uint8Array(await pack.arrayBuffer()));
    const invoiceFiles = Object.keys(files).filter((name) => name.startsWith("invoices/"));
    expect(inMarch.length).toBeGreaterThan(0);
    expect(invoiceFiles.length).toBe(new Set(inMarch.map((t) => t.invoiceId)).size);
    const summary = await pdfText(files["summary.pdf"]!);
    for (const name of invoiceFiles) {
      expect(strFromU8(files[name]!.slice(0, 5))).toBe("%PDF-");
      expect(summary).toContain(name.slice("invoices/".length, -".pdf".length));
    }
  });
});

describe.runIf(process.env.PLATFORM_TEST_DIALECT === "ampeco")(
  "invoices as other tenants serve them (issue 34)",
  () => {
    const play = async (settings: Record<string, unknown>) =>
      expect((await h.emu.call("PUT", "/__emulator/settings", { body: settings })).status).toBe(200);
    const ownInvoiceId = async () =>
      (await wireTransactions(DEMO_DRIVER_ID)).find((t) => t.invoiceId !== null)!.invoiceId!;

    it("downloads through a redirect as octet-stream (known by its bytes); a link on to plain http is refused in words", async () => {
      const id = await ownInvoiceId();
      await play({ invoiceLinks: { redirect: true, contentType: "application/octet-stream" } });
      const response = await download(id);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(strFromU8(new Uint8Array(await response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

      await play({ invoiceLinks: { redirect: true, fileOrigin: h.emu.url.replace("127.0.0.1", "localhost") } });
      const refused = await download(id);
      expect(refused.status).toBe(502);
      expect(await refused.json()).toEqual({
        error:
          "The charging service's link to this invoice leads to a place this portal does not download from. Please ask support for a copy.",
      });
    });

    it("labels a refund's invoice by its own type, credit note or invoice, whichever the tenant names (A9)", async () => {
      const refundedRow = async () => {
        const view = await loadLedgerView(DEMO_DRIVER_ID, { page: 1 }, { money: h.client.money, now: h.deps.now }, 200);
        if (view.kind !== "ledger") throw new Error("the ampeco dialect has a ledger");
        return view.page.rows.find((row) => row.transaction.status === "refunded")!;
      };
      expect((await refundedRow()).invoice).toMatchObject({ type: "credit_note", hasPdf: true });
      await play({ refundInvoice: "invoice" });
      expect((await refundedRow()).invoice).toMatchObject({ type: "invoice", hasPdf: true });
    });

    it("shows a voucher's credit in the balance even where the tenant books no transaction for it (A5)", async () => {
      await play({ voucherCreditTransactions: false });
      const before = (await h.client.users.getUser(DEMO_DRIVER_ID)).balance!;
      const rows = async () => {
        const view = await loadLedgerView(DEMO_DRIVER_ID, { page: 1 }, { money: h.client.money, now: h.deps.now }, 200);
        return view.kind === "ledger" ? view.page.rows.length : -1;
      };
      const count = await rows();
      await h.client.vouchers.redeemVoucher(DEMO_DRIVER_ID, "WELCOME10");
      h.clock.ms += 60_000;
      expect((await h.client.users.getUser(DEMO_DRIVER_ID)).balance).toBeCloseTo(before + 10, 2);
      expect(await rows()).toBe(count);
    });

    it("keeps invoices without userId (matched through the transaction) and without downloadUrl (no PDF) in the ledger", async () => {
      await play({ invoiceFields: { userId: false, downloadUrl: false } });
      const view = await loadLedgerView(DEMO_DRIVER_ID, { page: 1 }, { money: h.client.money, now: h.deps.now }, 100);
      if (view.kind !== "ledger") throw new Error("the ampeco dialect has a ledger");
      const invoiced = view.page.rows.filter((row) => row.transaction.invoiceId !== null);
      expect(invoiced.length).toBeGreaterThan(0);
      for (const row of invoiced) expect(row.invoice).toMatchObject({ id: row.transaction.invoiceId, hasPdf: false });
      const response = await download(invoiced[0]!.invoice!.id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: "The charging service offers no PDF of this invoice. Ask support for a copy.",
      });
      // Another driver's invoice without userId is still not this driver's: no transaction of theirs names it.
      const theirs = (await wireTransactions(SECOND_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
      expect((await download(theirs.invoiceId!)).status).toBe(404);
    });
  },
);

describe.runIf(process.env.PLATFORM_TEST_DIALECT !== "ampeco")("payments (the contract: no ledger)", () => {
  it("answers the export and an invoice with a 404 in plain words and makes no money call", async () => {
    expect(h.client.money).toBeUndefined();
    expect((await exportCsv()).status).toBe(404);
    expect((await download(1)).status).toBe(404);
    expect(moneyCalls()).toEqual([]);
  });
});
