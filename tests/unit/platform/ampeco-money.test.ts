import { beforeEach, describe, expect, it } from "vitest";
import {
  createPlatformEmulator,
  DEMO_DRIVER_ID,
  INVOICE_LINK_TTL_MS,
  NEW_DRIVER_ID,
  SECOND_DRIVER_ID,
  SEED_USERS,
} from "@/emulators/platform";
import { createPlatformClient, type PlatformClient } from "@/lib/platform/client";
import type { PlatformLogLine } from "@/lib/platform/logging";
import {
  PlatformArgumentError,
  PlatformForbiddenError,
  PlatformNotFoundError,
  PlatformResponseError,
  PlatformValidationError,
} from "@/lib/platform/errors";
import { balanceChangeOf, balanceEffectOf } from "@/lib/platform/ledger";
import type { BillingDetails, Invoice, Transaction } from "@/lib/platform/types";
import { FLEET_COMPANY } from "../../support/billing-fixtures";
import { UNCALLED_CLIENT } from "./fake-platform";

/** The ampeco dialect's MoneyApi against the emulator in the same dialect (in process), on a clock of its own. */
const KEY = "ampeco-test-key";
const BASE = "http://tenant.ampeco.test";

function setup() {
  let clockMs = Date.parse("2026-06-01T08:00:00Z");
  const emulator = createPlatformEmulator({
    dialect: "ampeco",
    apiKey: KEY,
    readOnlyKey: "ro-key",
    voucherDelayMs: 0,
    now: () => new Date(clockMs),
  });
  const lines: PlatformLogLine[] = [];
  const urls: string[] = [];
  const client: PlatformClient = createPlatformClient({
    dialect: "ampeco",
    baseUrl: BASE,
    apiKey: KEY,
    fetch: (input, init) => {
      const request = new Request(input, init);
      urls.push(request.url);
      return emulator.handle(request);
    },
    timeoutMs: 5000,
    maxRetries: 0,
    retryCapMs: 100,
    partnerId: 1116,
    userGroupId: 257,
    logger: (line) => lines.push(line),
  });
  const money = client.money!;
  const control = (method: string, path: string, body?: unknown) =>
    emulator.handle(
      new Request(`${BASE}${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const balance = async (userId: number) => (await client.users.getUser(userId))!.balance;
  return { emulator, client, money, lines, urls, control, balance, tick: (ms: number) => (clockMs += ms) };
}

async function collect(iterable: AsyncIterable<Transaction>): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for await (const t of iterable) all.push(t);
  return all;
}

const firstInvoice = async (h: ReturnType<typeof setup>, type: Invoice["type"] = "invoice"): Promise<Invoice> => {
  const own = await collect(h.money.iterateTransactions({ userId: DEMO_DRIVER_ID }));
  for (const t of own) {
    if (t.invoiceId === null) continue;
    const invoice = await h.money.getInvoice(t.invoiceId);
    if (invoice?.type === type) return invoice;
  }
  throw new Error(`no ${type} for the demo driver`);
};

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let h: ReturnType<typeof setup>;
beforeEach(() => {
  h = setup();
});

describe("ampeco dialect: transactions", () => {
  it("lists a driver's own transactions newest first, whose balance effects add up to the balance", async () => {
    for (const user of SEED_USERS) {
      const own = await collect(h.money.iterateTransactions({ userId: user.id }));
      expect(own.every((t) => t.userId === user.id)).toBe(true);
      const dates = own.map((t) => Date.parse(t.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(own.every((t) => t.balanceEffect === balanceEffectOf(t) && t.amount >= 0)).toBe(true);
      expect(balanceChangeOf(own)).toBe(user.balanceCents / 100);
    }
  });

  it("explains the balance change since a date by the transactions since that date", async () => {
    const since = "2026-06-01T08:00:00.000Z";
    const before = await h.balance(DEMO_DRIVER_ID);
    h.tick(60_000);
    expect(
      (await h.control("POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, { code: "CHARGE25" }))
        .status,
    ).toBe(202);
    h.tick(60_000);
    const after = await h.balance(DEMO_DRIVER_ID);
    const recent = await collect(h.money.iterateTransactions({ userId: DEMO_DRIVER_ID, createdAfter: since }));
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({ kind: "topup_package", billingType: "internal", amount: 25, balanceEffect: 25 });
    expect(recent[0]?.voucherId).toEqual(expect.any(Number));
    expect(balanceChangeOf(recent)).toBeCloseTo((after ?? 0) - (before ?? 0), 2);
  });

  it("sends the period and kinds as filters (kinds repeated), and asks nothing for an empty list of kinds", async () => {
    const sessions = await collect(
      h.money.iterateTransactions({
        userId: DEMO_DRIVER_ID,
        createdAfter: "2026-04-01T00:00:00Z",
        createdBefore: "2026-05-01T00:00:00Z",
        kinds: ["session", "custom_fee"],
      }),
    );
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((t) => t.kind === "session" && t.date < "2026-05-01")).toBe(true);
    const asked = new URL(h.urls.at(-1)!);
    expect(asked.searchParams.getAll("filter[purchaseType][]")).toEqual(["session", "custom_fee"]);
    expect(asked.searchParams.get("filter[createdAfter]")).toBe("2026-04-01T00:00:00Z");
    expect(asked.searchParams.has("cursor")).toBe(true);
    const calls = h.urls.length;
    expect(await collect(h.money.iterateTransactions({ userId: DEMO_DRIVER_ID, kinds: [] }))).toEqual([]);
    expect(h.urls).toHaveLength(calls);
  });

  it("reads one transaction, null for an unknown id", async () => {
    const [newest] = await collect(h.money.iterateTransactions({ userId: SECOND_DRIVER_ID }));
    expect(await h.money.getTransaction(newest!.id)).toEqual(newest);
    expect(await h.money.getTransaction(99_999_999)).toBeNull();
  });
});

describe("ampeco dialect: invoices", () => {
  it("reads an invoice and a credit note, null for an unknown id", async () => {
    const invoice = await firstInvoice(h);
    expect(invoice).toMatchObject({ userId: DEMO_DRIVER_ID, type: "invoice" });
    expect(invoice.number).toMatch(/^INV-/);
    expect(new URL(invoice.downloadUrl!).origin).toBe(BASE);
    expect((await firstInvoice(h, "credit_note")).number).toMatch(/^CN-/);
    expect(await h.money.getInvoice(1)).toBeNull();
  });

  it("opens the PDF of a fresh link on the platform's own origin", async () => {
    const invoice = await firstInvoice(h);
    const pdf = await readAll(await h.money.openInvoicePdf(invoice));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(${invoice.number})`);
    expect(h.lines.at(-1)).toMatchObject({ endpoint: "invoices.get", outcome: "ok", status: 200 });
    expect(JSON.stringify(h.lines)).not.toContain(invoice.downloadUrl!);
  });

  it("refuses a plain-http link off the platform's origin without fetching it, and types an expired or forged link's refusal", async () => {
    const invoice = await firstInvoice(h);
    const calls = h.urls.length;
    const elsewhere = { ...invoice, downloadUrl: invoice.downloadUrl!.replace(BASE, "http://evil.example") };
    await expect(h.money.openInvoicePdf(elsewhere)).rejects.toBeInstanceOf(PlatformResponseError);
    await expect(h.money.openInvoicePdf({ ...invoice, downloadUrl: "not a url" })).rejects.toBeInstanceOf(
      PlatformResponseError,
    );
    expect(h.urls).toHaveLength(calls);
    const forged = { ...invoice, downloadUrl: invoice.downloadUrl!.replace(/[0-9a-f]{8}\.pdf$/, "00000000.pdf") };
    await expect(h.money.openInvoicePdf(forged)).rejects.toBeInstanceOf(PlatformForbiddenError);
    h.tick(INVOICE_LINK_TTL_MS + 1000);
    await expect(h.money.openInvoicePdf(invoice)).rejects.toBeInstanceOf(PlatformNotFoundError);
    const fresh = await h.money.getInvoice(invoice.id);
    expect((await readAll(await h.money.openInvoicePdf(fresh!))).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("ampeco dialect: billing details", () => {
  const company: BillingDetails = {
    requireInvoice: true,
    clientType: "company",
    individualName: null,
    ...FLEET_COMPANY,
  };

  it("reads the defaults, saves and reads back", async () => {
    expect(await h.money.getBillingDetails(NEW_DRIVER_ID)).toMatchObject({
      manager: "ampeco",
      details: { requireInvoice: false, clientType: "individual", companyName: null, country: null },
    });
    expect(await h.money.saveBillingDetails(NEW_DRIVER_ID, company)).toEqual(company);
    expect(await h.money.getBillingDetails(NEW_DRIVER_ID)).toEqual({ manager: "ampeco", details: company });
    await expect(h.money.getBillingDetails(99_999_999)).rejects.toBeInstanceOf(PlatformNotFoundError);
  });

  it("a refusal names the fields; a missing client type is not sent", async () => {
    const refused = h.money.saveBillingDetails(NEW_DRIVER_ID, { ...company, companyName: "  " });
    await expect(refused).rejects.toBeInstanceOf(PlatformValidationError);
    await refused.catch((error: PlatformValidationError) =>
      expect(Object.keys(error.fieldErrors)).toEqual(["companyName"]),
    );
    const calls = h.urls.length;
    await expect(h.money.saveBillingDetails(NEW_DRIVER_ID, { ...company, clientType: null })).rejects.toBeInstanceOf(
      PlatformArgumentError,
    );
    expect(h.urls).toHaveLength(calls);
  });
});

describe("the contract dialect", () => {
  it("has no money API", () => {
    const contract = createPlatformClient(UNCALLED_CLIENT);
    expect(contract.money).toBeUndefined();
  });
});
