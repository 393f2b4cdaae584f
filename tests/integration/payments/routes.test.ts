import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { PAYMENT_CSV_COLUMNS } from "@/lib/features/payments/csv";
import { createInvoiceDownloadHandler, createPaymentsExportHandler } from "@/lib/features/payments/route-handlers";
import { listLedgerPage, loadLedgerView } from "@/lib/features/payments/service";
import { createFakeMoney, DRIVER_A, DRIVER_B, pdfBytesOf, type FakeMoney } from "./fake-money";

let money: FakeMoney | undefined;
let caller: number | null = DRIVER_A;
const NOW = new Date("2026-03-21T12:00:00Z");

const deps = () => ({
  authorize: async () => {
    if (caller === null) throw new AccessDeniedError(401);
    return { platformUserId: caller };
  },
  payments: () => ({ money, now: () => NOW }),
});

const exportCsv = (qs = "") =>
  createPaymentsExportHandler(deps())(new Request(`http://localhost/api/payments/export${qs}`));
const download = (id: string, qs = "") =>
  createInvoiceDownloadHandler(deps())(new Request(`http://localhost/api/payments/invoices/${id}${qs}`), {
    params: Promise.resolve({ id }),
  });

function rows(csv: string): string[][] {
  return csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

const B_ROWS = [220, 219].map(String);

beforeEach(() => {
  money = createFakeMoney();
  caller = DRIVER_A;
});

describe("GET /api/payments/export", () => {
  it("refuses a signed-out caller before any platform call", async () => {
    caller = null;
    const response = await exportCsv();
    expect(response.status).toBe(401);
    expect(money!.calls).toEqual([]);
  });

  it("streams the driver's ledger newest first as CSV, named by the day", async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="payments-2026-03-21.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const [header, ...body] = rows(await response.text());
    expect(header).toEqual([...PAYMENT_CSV_COLUMNS]);
    expect(body.map((r) => r[0])).toEqual(["120", "119", "118", "117", "116", "121"]);
    expect(body[0]).toEqual([
      "120",
      "2026-03-20T10:00:00Z",
      "2026-03-20T11:00:00+01:00",
      "Charging session",
      "70120",
      "no",
      "1.20",
      "0.00",
      "EUR",
      "Paid",
      "501",
    ]);
  });

  it("applies kind and period, on a platform that honours them and on one that sends everything", async () => {
    for (const ignore of [false, true]) {
      money = createFakeMoney();
      money.ignoreFilters = ignore;
      const body = rows(await (await exportCsv("?kind=charge&from=2026-03-01&to=2026-03-31")).text()).slice(1);
      expect(body.map((r) => r[0])).toEqual(["120", "118"]);
    }
    expect(money!.filters[0]).toEqual({
      userId: DRIVER_A,
      createdAfter: "2026-02-28T23:00:00Z",
      createdBefore: "2026-03-31T21:59:59Z",
      kinds: ["session"],
    });
  });

  it("ignores userId parameters and drops another user's rows a platform sends: no foreign data", async () => {
    money!.ignoreFilters = true;
    const response = await exportCsv(`?userId=${DRIVER_B}&filter[userId]=${DRIVER_B}&user=${DRIVER_B}`);
    const text = await response.text();
    const ids = rows(text)
      .slice(1)
      .map((r) => r[0]);
    expect(ids.some((id) => B_ROWS.includes(id!))).toBe(false);
    expect(text).not.toContain("99.99");
    expect(money!.filters.every((f) => f.userId === DRIVER_A)).toBe(true);
  });

  it("answers a bad filter with a 400 listing every problem, before any platform call", async () => {
    const response = await exportCsv("?kind=refund&from=2026-13-01");
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toContain("“refund” is not a kind of payment");
    expect(error).toContain("“2026-13-01”");
    expect(money!.calls).toEqual([]);
  });

  it("is a 404 in plain words where the platform keeps no ledger (the contract), with no call", async () => {
    money = undefined;
    const response = await exportCsv();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Your charging service does not provide a list of payments or invoices.",
    });
  });
});

describe("GET /api/payments/invoices/[id]", () => {
  it("streams the driver's invoice as a PDF attachment named by its number, from a fresh read", async () => {
    const response = await download("501");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoice-INV-2026-0501.pdf"');
    const text = await response.text();
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text).toBe(pdfBytesOf(money!.invoices.get(501)!));
    expect(text).not.toContain("platform.example");
    // Read at the moment of the click: the invoice read comes after the ownership walk.
    expect(money!.calls.slice(-2)).toEqual(["getInvoice 501", "openInvoicePdf 501"]);
  });

  it("sanitises the number in the file name", async () => {
    const response = await download("503");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoice-INV-2026-503.pdf"');
  });

  it("downloads a credit note the same way", async () => {
    const response = await download("502");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoice-CN-2026-0502.pdf"');
  });

  it("is a 404 for another driver's invoice id, without reading or opening it", async () => {
    const response = await download("601");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "This invoice was not found in your account." });
    expect(money!.calls.filter((c) => c.startsWith("getInvoice") || c.startsWith("openInvoicePdf"))).toEqual([]);
  });

  it("is a 404 when the driver's row names an invoice the platform says is someone else's", async () => {
    const response = await download("602");
    expect(response.status).toBe(404);
    expect(money!.opened).toEqual([]);
  });

  it("is a 404 for an invoice the platform sent in another user's rows, and a userId parameter changes nothing", async () => {
    money!.ignoreFilters = true;
    const response = await download("601", `?userId=${DRIVER_B}`);
    expect(response.status).toBe(404);
    expect(money!.opened).toEqual([]);
  });

  it("is the same 404 for an id that is no id, before any platform call", async () => {
    for (const id of ["abc", "-1", "1e3", "0x10", "99999999999999999", "501 ", ""]) {
      const response = await download(id);
      expect(response.status, id).toBe(404);
    }
    expect(money!.calls).toEqual([]);
  });

  it("is a 404 with the plain words where the platform keeps no ledger", async () => {
    money = undefined;
    const response = await download("501");
    expect(response.status).toBe(404);
  });

  it("answers driver B's own invoice to driver B only", async () => {
    caller = DRIVER_B;
    expect((await download("601")).status).toBe(200);
    expect((await download("501")).status).toBe(404);
    expect(money!.opened).toEqual([601]);
  });

  it("never answers a 500 to fuzzed ids and queries, and never opens another driver's invoice", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 0, max: 700 }).map(String), fc.string({ maxLength: 20 })),
        fc.string({ maxLength: 40 }),
        async (id, query) => {
          money = createFakeMoney();
          money.ignoreFilters = query.length % 2 === 0;
          const qs = `?${encodeURIComponent(query)}=${encodeURIComponent(query)}`;
          const answers = [await download(id, qs), await exportCsv(qs)];
          for (const response of answers) expect([200, 400, 404]).toContain(response.status);
          const text = await answers[0]!.text();
          expect(money.opened.every((opened) => money!.invoices.get(opened)!.userId === DRIVER_A)).toBe(true);
          expect(text).not.toContain(`of user ${DRIVER_B}`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the ledger page's read", () => {
  it("lists newest first with each row's own invoice; another user's invoice gets no link", async () => {
    const page = await listLedgerPage(DRIVER_A, { page: 1 }, money!);
    expect(page.rows.map((r) => r.transaction.id)).toEqual([120, 119, 118, 117, 116, 121]);
    expect(page.rows.map((r) => r.invoice?.number ?? null)).toEqual([
      "INV-2026-0501",
      null,
      "CN-2026-0502",
      'INV/2026 "503"',
      "PF-2026-0504",
      null,
    ]);
    expect(page.rows[2]!.invoice!.type).toBe("credit_note");
    expect(page.hasNext).toBe(false);
  });

  it("pages by the size asked, knowing whether more follow", async () => {
    const first = await listLedgerPage(DRIVER_A, { page: 1 }, money!, 4);
    const second = await listLedgerPage(DRIVER_A, { page: 2 }, money!, 4);
    expect([first.hasNext, second.hasNext]).toEqual([true, false]);
    expect(second.rows.map((r) => r.transaction.id)).toEqual([116, 121]);
  });

  it("drops rows of another user a platform sends", async () => {
    money!.ignoreFilters = true;
    const page = await listLedgerPage(DRIVER_A, { page: 1 }, money!);
    expect(page.rows.every((r) => r.transaction.userId === DRIVER_A)).toBe(true);
  });

  it("says 'not provided' without a call where the platform keeps no ledger", async () => {
    expect(await loadLedgerView(DRIVER_A, { page: 1 }, { money: undefined, now: () => NOW })).toEqual({
      kind: "notProvided",
    });
  });
});
