import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { PLATFORM_API, PLATFORM_AUTH, expect, test } from "./fixtures";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "./platform-sessions";

/**
 * Where my money went (issue 28): the ledger, its filters in the URL, the CSV, invoice downloads and the
 * contract's absence. The platform is read directly through the emulator's platform API to check the page.
 */

interface PlatformTransaction {
  id: number;
  date: string;
  userId: number;
  purchaseResourceType: string;
  status: string;
  invoiceId: number | null;
}

/** A user's transactions as the platform lists them, newest first. */
async function platformTransactions(request: APIRequestContext, userId: number): Promise<PlatformTransaction[]> {
  const items: PlatformTransaction[] = [];
  let next: string | null = `${PLATFORM_API}/transactions/v1.0?filter[userId]=${userId}&per_page=100&cursor=`;
  while (next) {
    const response: Awaited<ReturnType<APIRequestContext["get"]>> = await request.get(next, { headers: PLATFORM_AUTH });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: PlatformTransaction[]; links?: { next?: string | null } };
    items.push(...body.data);
    const link: string | null = body.links?.next ?? null;
    const url: URL | null = link ? new URL(link, "http://localhost") : null;
    next = url
      ? `${url.pathname.startsWith("/api/emulator") ? "" : "/api/emulator"}${url.pathname}${url.search}`
      : null;
  }
  return items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id);
}

async function platformInvoice(request: APIRequestContext, id: number): Promise<{ number: string; type: string }> {
  const response = await request.get(`${PLATFORM_API}/invoices/v1.0/${id}`, { headers: PLATFORM_AUTH });
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

const ledger = (page: Page) => page.getByRole("table", { name: /^Your payments/ });
const rowIds = (page: Page) =>
  ledger(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-transaction-id"))));
/** A calendar day in Amsterdam, as the filters take it. */
const amsterdamDay = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: "Europe/Amsterdam" });

test(
  "the ledger lists the demo driver's transactions newest first, and its filters stay in the URL",
  { tag: "@ampeco-only" },
  async ({ driverPage: page, request }) => {
    const all = await platformTransactions(request, DEMO_DRIVER_ID);
    expect(all.length).toBeGreaterThan(5);
    await page.goto("/account");
    await page.getByRole("link", { name: "See your payments" }).click();
    await expect(page).toHaveURL(/\/account\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: /./ }).getByRole("link", { name: "Payments", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    expect(await rowIds(page)).toEqual(all.slice(0, 25).map((t) => t.id));
    // No running balance: the platform's transactions carry none, so the table has no such column.
    await expect(ledger(page).getByRole("columnheader")).toHaveText(["Date", "What", "Amount", "Status", "Invoice"]);

    const charges = all.filter((t) => t.purchaseResourceType === "session");
    const from = amsterdamDay(charges[Math.min(charges.length - 1, 8)]!.date);
    const to = amsterdamDay(charges[0]!.date);
    await page.getByLabel("Kind").selectOption("charge");
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/payments\\?kind=charge&from=${from}&to=${to}$`));
    const expected = charges.filter((t) => amsterdamDay(t.date) >= from && amsterdamDay(t.date) <= to);
    await expect.poll(() => rowIds(page)).toEqual(expected.slice(0, 25).map((t) => t.id));
    const first = ledger(page).locator("tbody tr").first();
    await expect(first.getByRole("link", { name: /^Charging session \d+$/ })).toHaveAttribute(
      "href",
      /^\/sessions\/\d+$/,
    );

    // The URL is the state: a reload keeps the fields, back returns to the unfiltered list.
    await page.reload();
    await expect(page.getByLabel("Kind")).toHaveValue("charge");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
    await page.goBack();
    await expect(page).toHaveURL(/\/account\/payments$/);

    // A bad value is explained, never a failure.
    const response = await page.goto("/account/payments?kind=refund&from=2026-02-30");
    expect(response!.status()).toBe(200);
    await expect(page.getByText("Some filters were not understood")).toBeVisible();
    await expect(page.getByText("“refund” is not a kind of payment")).toBeVisible();
    expect(await rowIds(page)).toEqual(all.slice(0, 25).map((t) => t.id));

    // The CSV follows the filters.
    await page.goto(`/account/payments?kind=charge&from=${from}&to=${to}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]!.split(",")[0]).toBe("transaction_id");
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(expected.map((t) => t.id));
  },
);

test(
  "an invoice downloads as a real PDF named by its number, a credit note says so, another driver's is a 404",
  { tag: "@ampeco-only" },
  async ({ driverPage: page, request }) => {
    const all = await platformTransactions(request, DEMO_DRIVER_ID);
    const invoiced = all.find((t) => t.invoiceId !== null && t.status === "finalized")!;
    const invoice = await platformInvoice(request, invoiced.invoiceId!);
    const day = amsterdamDay(invoiced.date);
    await page.goto(`/account/payments?from=${day}&to=${day}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download invoice ${invoice.number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const refunded = all.find((t) => t.status === "refunded" && t.invoiceId !== null);
    if (refunded) {
      const note = await platformInvoice(request, refunded.invoiceId!);
      expect(note.type).toBe("credit_note");
      const refundDay = amsterdamDay(refunded.date);
      await page.goto(`/account/payments?from=${refundDay}&to=${refundDay}`);
      await expect(page.getByRole("link", { name: `Download credit note ${note.number}` })).toBeVisible();
    }

    // Driver B's invoice id, forged by driver A: the same 404 as an id that does not exist.
    const theirs = (await platformTransactions(request, SECOND_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    const theirNumber = (await platformInvoice(request, theirs.invoiceId!)).number;
    for (const id of [theirs.invoiceId!, 999_999]) {
      const forged = await page.request.get(`/api/payments/invoices/${id}?userId=${SECOND_DRIVER_ID}`);
      expect(forged.status()).toBe(404);
      const text = await forged.text();
      expect(text).not.toContain(theirNumber);
      expect(text).not.toContain("%PDF");
    }
    // The browser never sees a platform address.
    expect(await page.content()).not.toMatch(/downloadUrl|\/public-api\//);
  },
);

test(
  "/account/payments passes axe in light and dark schemes and fits 360 px",
  { tag: "@ampeco-only" },
  async ({ driverPage: page }) => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/account/payments");
      await expect(ledger(page)).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/account/payments?kind=refund");
    await expect(ledger(page)).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page is wider than 360 px").toBeLessThanOrEqual(0);
  },
);

test(
  "a platform failure shows the error state with a way to try again, never a 500",
  { tag: "@ampeco-only" },
  async ({ driverPage: page, emulator }) => {
    await emulator.setFaults({ rules: [{ path: "/transactions/", status: 503, times: 50 }] });
    try {
      const response = await page.goto("/account/payments?kind=charge");
      expect(response!.status()).toBe(200);
      await expect(page.getByText("Your payments could not be loaded")).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute(
        "href",
        "/account/payments?kind=charge",
      );
      await expect(page.getByRole("form", { name: "Filter payments" })).toBeVisible();
    } finally {
      await emulator.clearFaults();
    }
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(ledger(page)).toBeVisible();
  },
);

test(
  "on the contract the page explains the absence, points to the expense pack and makes no money call",
  { tag: "@spec-only" },
  async ({ driverPage: page, emulator }) => {
    const before = (await emulator.state()).requestLog.length;
    await page.goto("/account/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await expect(page.getByText("No payment history in this portal")).toBeVisible();
    await expect(page.getByRole("link", { name: "your charging sessions" })).toHaveAttribute("href", "/sessions");
    await expect(page.getByText("Your payments could not be loaded")).toHaveCount(0);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }
    expect((await page.request.get("/api/payments/export")).status()).toBe(404);
    const calls = (await emulator.state()).requestLog.slice(before);
    expect(calls.filter((c) => /transactions|invoice/.test(c.path))).toEqual([]);
  },
);
