import { beforeEach, describe, expect, it } from "vitest";
import {
  balanceEffectCents,
  DEMO_DRIVER_ID,
  INVOICE_LINK_TTL_MS,
  NEW_DRIVER_ID,
  SECOND_DRIVER_ID,
  SEED_USERS,
} from "@/emulators/platform";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSeedState } from "@/emulators/platform/seed";
import { saveState } from "@/emulators/platform/store";
import { TEST_READONLY_KEY } from "@/tests/support/platform-emulator-server";
import { startAmpecoEmulator } from "./harness";
import { openForSuite } from "../../support/suite-harness";
import { FLEET_COMPANY } from "../../support/billing-fixtures";

/** Transactions, invoices and invoice details of the ampeco emulator, every answer checked against the subset. */
const TX = "/public-api/resources/transactions/v1.0";
const INVOICES = "/public-api/resources/invoices/v1.0";
const details = (userId: number | string) => `/public-api/resources/users/v1.0/${userId}/invoice-details`;

let clockMs = Date.parse("2026-06-01T08:00:00Z");
const emu = openForSuite(() => startAmpecoEmulator({ now: () => new Date(clockMs), voucherDelayMs: 0 }));
beforeEach(() => {
  clockMs = Date.parse("2026-06-01T08:00:00Z");
  emu.emulator.reset();
});

interface WireTransaction {
  id: number;
  date: string;
  userId: number;
  sessionId: number | null;
  purchaseResourceType: string;
  totalAmount: number;
  status: string;
  billingType: "internal" | "external";
  invoiceId: number | null;
  voucherId?: number;
  paymentMethodId: string | null;
}

const asRecord = (t: WireTransaction) => ({
  kind: t.purchaseResourceType as "session",
  billingType: t.billingType,
  status: t.status as "finalized",
  amount: t.totalAmount,
});

/** Every page of a listing, following links.next. */
async function all<T>(first: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = first;
  while (next) {
    const page = await emu.call("GET", next);
    expect(page.status, page.text).toBe(200);
    items.push(...(page.body.data as T[]));
    const link: string | null = page.body.links?.next ?? null;
    next = link ? `${new URL(link).pathname}${new URL(link).search}` : null;
  }
  return items;
}

const transactionsOf = (userId: number, extra = "") =>
  all<WireTransaction>(`${TX}?filter[userId]=${userId}${extra}&per_page=100&cursor=`);

describe("transactions (ampeco)", () => {
  it("adds up to each seeded driver's balance, never below zero, with every billed session paid once", async () => {
    for (const user of SEED_USERS) {
      const own = (await transactionsOf(user.id)).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
      let cents = 0;
      for (const t of own) {
        expect(t.userId).toBe(user.id);
        cents += balanceEffectCents(asRecord(t));
        expect(cents).toBeGreaterThanOrEqual(0);
      }
      expect(cents).toBe(user.balanceCents);
      const sessionIds = own.flatMap((t) => (t.sessionId === null ? [] : [t.sessionId]));
      expect(new Set(sessionIds).size).toBe(sessionIds.length);
    }
  });

  it("gives the demo driver balance payments, card payments, top-ups, invoices and a refunded charge", async () => {
    const own = await transactionsOf(DEMO_DRIVER_ID);
    expect(own.some((t) => t.sessionId !== null && t.billingType === "internal")).toBe(true);
    expect(own.some((t) => t.sessionId !== null && t.billingType === "external")).toBe(true);
    expect(own.some((t) => t.purchaseResourceType === "topup_package")).toBe(true);
    expect(own.filter((t) => t.invoiceId !== null).length).toBeGreaterThan(1);
    const refunded = own.filter((t) => t.status === "refunded");
    expect(refunded).toHaveLength(1);
    const note = await emu.call("GET", `${INVOICES}/${refunded[0]?.invoiceId}`);
    expect(note.body.data.type).toBe("credit_note");
  });

  it("filters by dates, purchase type, session and billing type, and pages with cursors", async () => {
    const since = "2026-05-01T00:00:00Z";
    const recent = await transactionsOf(DEMO_DRIVER_ID, `&filter[createdAfter]=${since}`);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((t) => Date.parse(t.date) >= Date.parse(since))).toBe(true);
    const topups = await transactionsOf(DEMO_DRIVER_ID, "&filter[purchaseType][]=topup_package");
    expect(topups.length).toBeGreaterThan(0);
    expect(topups.every((t) => t.purchaseResourceType === "topup_package")).toBe(true);
    const both = await transactionsOf(
      DEMO_DRIVER_ID,
      "&filter[purchaseType][]=topup_package&filter[purchaseType][]=session",
    );
    expect(both.length).toBe((await transactionsOf(DEMO_DRIVER_ID)).length);
    const session = recent.find((t) => t.sessionId !== null);
    const bySession = await transactionsOf(DEMO_DRIVER_ID, `&filter[sessionId]=${session?.sessionId}`);
    expect(bySession.map((t) => t.id)).toEqual([session?.id]);
    const internal = await transactionsOf(DEMO_DRIVER_ID, "&filter[billingType]=internal");
    expect(internal.every((t) => t.billingType === "internal")).toBe(true);

    const first = await emu.call("GET", `${TX}?filter[userId]=${DEMO_DRIVER_ID}&per_page=10&cursor=`);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.meta.next_cursor).toEqual(expect.any(String));
    expect(first.headers.get("deprecation")).toBeNull();
  });

  it("answers 400 for a bad filter (the listing declares no 422)", async () => {
    for (const query of [
      "filter[createdAfter]=yesterday",
      "filter[purchaseType]=session",
      "filter[purchaseType][]=voucher",
      "filter[userId]=abc",
      "per_page=101",
    ]) {
      const answer = await emu.call("GET", `${TX}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it("reads one transaction without an envelope, 404 for an unknown id", async () => {
    const [some] = await transactionsOf(SECOND_DRIVER_ID);
    const one = await emu.call("GET", `${TX}/${some?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(some?.id);
    expect((await emu.call("GET", `${TX}/999999`)).status).toBe(404);
    expect((await emu.call("GET", `${TX}/abc`)).status).toBe(404);
  });

  it("a stopped session and a redeemed voucher add transactions, and the balance rule still holds", async () => {
    const before = await transactionsOf(DEMO_DRIVER_ID);
    const running = (
      await emu.call(
        "GET",
        `/public-api/resources/sessions/v1.0?filter[userId]=${DEMO_DRIVER_ID}&filter[status]=active&cursor=`,
      )
    ).body.data[0];
    clockMs += 600_000;
    expect((await emu.call("POST", `/__emulator/sessions/${running.id}/stop`)).status).toBe(200);
    expect(
      (
        await emu.call("POST", `/public-api/actions/users/v2.0/${DEMO_DRIVER_ID}/redeem-voucher`, {
          body: { code: "WELCOME10" },
        })
      ).status,
    ).toBe(202);
    const after = await transactionsOf(DEMO_DRIVER_ID);
    const added = after.filter((t) => !before.some((b) => b.id === t.id));
    expect(added.map((t) => t.purchaseResourceType).sort()).toEqual(["session", "topup_package"]);
    const paid = added.find((t) => t.sessionId !== null);
    expect(paid?.sessionId).toBe(Number(running.id));
    const credit = added.find((t) => t.purchaseResourceType === "topup_package");
    expect(credit).toMatchObject({ billingType: "internal", totalAmount: 10, paymentMethodId: null });
    expect(credit?.voucherId).toEqual(expect.any(Number));
    const sum = after.reduce((cents, t) => cents + balanceEffectCents(asRecord(t)), 0);
    const user = (await emu.call("GET", `/public-api/resources/users/v1.1/${DEMO_DRIVER_ID}`)).body.data;
    expect(sum).toBe(Math.round(user.balance * 100));
  });
});

describe("a state file from before the ledger", () => {
  it("gets a ledger that adds up to its balances at start", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ledger-upgrade-"));
    const old = createSeedState(new Date(clockMs));
    Object.assign(old, { transactions: [], invoices: [], invoiceDetails: [] });
    old.nextIds.transaction = 1;
    old.users[0]!.balanceCents += 1_000;
    saveState(path.join(dir, "state.json"), old);
    const upgraded = await startAmpecoEmulator({
      now: () => new Date(clockMs),
      stateFile: path.join(dir, "state.json"),
    });
    try {
      const own: WireTransaction[] = [];
      let next: string | null = `${TX}?filter[userId]=${DEMO_DRIVER_ID}&per_page=100&cursor=`;
      while (next) {
        const page = await upgraded.call("GET", next);
        own.push(...(page.body.data as WireTransaction[]));
        const link: string | null = page.body.links.next ?? null;
        next = link ? `${new URL(link).pathname}${new URL(link).search}` : null;
      }
      expect(own.length).toBeGreaterThan(0);
      expect(own.reduce((sum, t) => sum + balanceEffectCents(asRecord(t)), 0)).toBe(old.users[0]!.balanceCents);
    } finally {
      await upgraded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("invoices (ampeco)", () => {
  it("lists every user's invoices in pages, filtered by issue date, with no deprecation", async () => {
    const listed = await all<{ id: number; date: string; userId: number }>(`${INVOICES}?per_page=10`);
    expect(new Set(listed.map((i) => i.userId))).toEqual(new Set([DEMO_DRIVER_ID, SECOND_DRIVER_ID]));
    const page = await emu.call("GET", `${INVOICES}?per_page=10&page=2`);
    expect(page.body.meta.current_page).toBe(2);
    expect(page.headers.get("deprecation")).toBeNull();
    const from = "2026-05-15T00:00:00Z";
    const to = "2026-05-25T00:00:00Z";
    const some = await all<{ date: string }>(`${INVOICES}?filter[issuedFrom]=${from}&filter[issuedTo]=${to}`);
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((i) => i.date >= from && i.date <= to)).toBe(true);
  });

  it("reads an invoice with a signed link on the emulator's origin; 404 for an unknown id", async () => {
    const [first] = await all<{ id: number }>(INVOICES);
    const read = await emu.call("GET", `${INVOICES}/${first?.id}`);
    expect(read.status).toBe(200);
    expect(new URL(read.body.data.downloadUrl).origin).toBe(new URL(emu.url).origin);
    expect(read.body.data.subtotal + read.body.data.taxAmount).toBeCloseTo(read.body.data.totalAmount, 2);
    expect((await emu.call("GET", `${INVOICES}/1`)).status).toBe(404);
  });

  it("serves a PDF naming the invoice for 24 hours without the key; 403 when tampered, 410 when expired", async () => {
    const [first] = await all<{ id: number; number: string }>(INVOICES);
    const link: string = (await emu.call("GET", `${INVOICES}/${first?.id}`)).body.data.downloadUrl;
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain(`(${first?.number})`);

    const tampered = link.replace(/([0-9a-f])\.pdf$/, (_, c: string) => `${c === "0" ? "1" : "0"}.pdf`);
    expect((await fetch(tampered)).status).toBe(403);
    const otherInvoice = link.replace(`/invoice-files/${first?.id}/`, `/invoice-files/${(first?.id ?? 0) + 1}/`);
    expect((await fetch(otherInvoice)).status).toBe(403);
    clockMs += INVOICE_LINK_TTL_MS;
    expect((await fetch(link)).status).toBe(200);
    clockMs += 1000;
    expect((await fetch(link)).status).toBe(410);
  });
});

describe("invoice details (ampeco)", () => {
  it("reads defaults, saves the Ampeco Invoice Manager shape and reads it back", async () => {
    const empty = await emu.call("GET", details(NEW_DRIVER_ID));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ requireInvoice: false, invoiceType: "individual", companyName: null });
    const body = { requireInvoice: true, invoiceType: "company", ...FLEET_COMPANY };
    const saved = await emu.call("POST", details(NEW_DRIVER_ID), { body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject(body);
    expect(saved.body.requireInvoiceLastUpdatedAt).toBe("2026-06-01T08:00:00Z");
    expect((await emu.call("GET", details(NEW_DRIVER_ID))).body).toMatchObject(body);
  });

  it("refuses what the subset refuses, and more where it is silent (inferred)", async () => {
    const person = { requireInvoice: false, invoiceType: "individual", individualName: "Demi Driver" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ invoiceType: "individual", individualName: "A" }, "requireInvoice"],
      [{ requireInvoice: false }, "invoiceType"],
      [{ requireInvoice: "yes", invoiceType: null }, "requireInvoice"],
      [{ requireInvoice: true, invoiceType: "fleet" }, "invoiceType"],
      [{ requireInvoice: true, invoiceType: null }, "invoiceType"],
      [{ requireInvoice: true, invoiceType: "individual", individualName: "A", country: null }, "country"],
      [{ requireInvoice: false, invoiceType: "company" }, "companyName"],
      [{ ...person, country: "XX" }, "country"],
      [{ ...person, nickname: "x" }, "nickname"],
      [{ ...person, requireInvoiceEnforcedBy: "user_request" }, "requireInvoiceEnforcedBy"],
      [{ ...person, city: "x".repeat(256) }, "city"],
    ];
    for (const [body, field] of cases) {
      const answer = await emu.call("POST", details(DEMO_DRIVER_ID), { body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await emu.call("GET", details(DEMO_DRIVER_ID))).body.requireInvoice).toBe(false);
  });

  it("404 for an unknown user, 403 for the read-only key's write", async () => {
    expect((await emu.call("GET", details(999_999))).status).toBe(404);
    const body = { requireInvoice: false, invoiceType: "individual", individualName: "Demi Driver" };
    expect((await emu.call("POST", details(DEMO_DRIVER_ID), { body, key: TEST_READONLY_KEY })).status).toBe(403);
  });
});
