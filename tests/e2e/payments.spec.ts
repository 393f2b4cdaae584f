import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { PLATFORM_API, PLATFORM_AUTH, expect, redeemVoucher, signInNewPlatformDriver, test } from "./fixtures";
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
    await page.getByRole("link", { name: "Payments and invoices" }).click();
    await expect(page).toHaveURL(/\/account\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: /./ }).getByRole("link", { name: "Payments", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    expect(await rowIds(page)).toEqual(all.slice(0, 25).map((t) => t.id));
    // Each row's balance change, no running balance: the platform's transactions carry none.
    await expect(ledger(page).getByRole("columnheader")).toHaveText([
      "Date",
      "What",
      "Amount",
      "Balance change",
      "Status",
      "Invoice",
    ]);

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
  "an invoice on a file host behind a redirect, as octet-stream, downloads; one without a PDF says so in the ledger",
  { tag: "@ampeco-only" },
  async ({ driverPage: page, request, emulator }) => {
    const all = await platformTransactions(request, DEMO_DRIVER_ID);
    const invoiced = all.find((t) => t.invoiceId !== null && t.status === "finalized")!;
    const invoice = await platformInvoice(request, invoiced.invoiceId!);
    const day = amsterdamDay(invoiced.date);
    try {
      await emulator.call("PUT", "/settings", {
        invoiceLinks: {
          fileOrigin: "https://files.tenant.example",
          redirect: true,
          contentType: "application/octet-stream",
        },
      });
      await page.goto(`/account/payments?from=${day}&to=${day}`);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: `Download invoice ${invoice.number}` }).click(),
      ]);
      expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

      await emulator.call("PUT", "/settings", { invoiceFields: { userId: false, downloadUrl: false } });
      await page.goto(`/account/payments?from=${day}&to=${day}`);
      const row = ledger(page).locator(`tr[data-transaction-id="${invoiced.id}"]`);
      await expect(row).toContainText(`Invoice ${invoice.number} (no PDF)`);
      await expect(row.getByRole("link", { name: /Download invoice/ })).toHaveCount(0);
    } finally {
      await emulator.call("PUT", "/settings", {});
    }
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
  { tag: "@contract-only" },
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

/** Whole cents of a shown amount ("€42.50", "−€3.20"), so sums are exact. */
const cents = (text: string) => Math.round(Number(text.replace(/\u2212/g, "-").replace(/[^\d.-]/g, "")) * 100);

async function shownBalanceCents(page: Page): Promise<number> {
  await page.goto("/account");
  return cents(await page.getByTestId("balance").innerText());
}

/** The CSV export's balance_change cells in cents, for a query such as `?from=2026-03-14`. */
async function csvBalanceChanges(page: Page, query = ""): Promise<number[]> {
  const response = await page.request.get(`/api/payments/export${query}`);
  expect(response.status()).toBe(200);
  const [header, ...rows] = (await response.text()).trimEnd().split("\r\n");
  const column = header!.split(",").indexOf("balance_change");
  expect(column, "the CSV has a balance_change column").toBeGreaterThan(0);
  return rows.map((row) => cents(row.split(",")[column]!));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Presses Tab until `target` has the focus (at most 80 times): the keyboard path, not a click. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80 && !(await target.evaluate((el) => el === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

test(
  "the ledger adds up: the balance changes since a day explain the balance's change, the whole ledger the balance",
  { tag: "@ampeco-only" },
  async ({ driverPage, page, request, emulator }) => {
    // The demo driver, read only (other journeys expect its balance): the seeded history starts from 0.
    const demoBalance = await shownBalanceCents(driverPage);
    expect(demoBalance).toBeGreaterThan(0);
    expect(sum(await csvBalanceChanges(driverPage))).toBe(demoBalance);

    // A driver of its own for the voucher: its balance may change.
    const driver = await signInNewPlatformDriver(page, request, "payments.adds-up");
    const today = amsterdamDay(new Date().toISOString());
    const before = await shownBalanceCents(page);
    // A charge paid by card: on the ledger, but not from the balance.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await emulator.call("POST", `/users/${driver.id}/sessions`, {
      energy: 8_000,
      amount: 3.2,
      startedAt: minutesAgo(10),
      stoppedAt: minutesAgo(1),
    });
    const code = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
    await emulator.createVoucher({ code, amount: 12.34, currency: "EUR" });
    await page.goto("/vouchers");
    await redeemVoucher(page, code);
    await expect(
      page.getByRole("status").filter({ hasText: "Voucher redeemed. Your new balance is €12.34." }),
    ).toBeVisible({ timeout: 15_000 });
    const after = await shownBalanceCents(page);
    expect(after - before).toBe(1234);

    await expect.poll(() => csvBalanceChanges(page, `?from=${today}`)).toHaveLength(2);
    const since = await csvBalanceChanges(page, `?from=${today}`);
    expect(sum(since)).toBe(after - before);
    expect(since.sort((a, b) => a - b)).toEqual([0, 1234]);
    expect(sum(await csvBalanceChanges(page))).toBe(after);

    // The page says the same, in words that do not rely on colour.
    await page.goto(`/account/payments?from=${today}`);
    const rows = ledger(page).locator("tbody tr");
    await expect(rows.filter({ hasText: "Top-up" })).toContainText("+€12.34");
    await expect(rows.filter({ hasText: "Charging session" })).toContainText("None: paid by payment method");
  },
);

test(
  "by keyboard alone: a filter set and an invoice downloaded; the page in Dutch and German",
  { tag: "@ampeco-only" },
  async ({ driverPage: page, baseURL }) => {
    await page.goto("/account/payments");
    await expect(ledger(page)).toBeVisible();
    const kind = page.getByLabel("Kind");
    await tabTo(page, kind);
    await page.keyboard.type("Charging");
    await expect(kind).toHaveValue("charge");
    // Tab walks the date fields' day, month and year one by one, then reaches the button.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("From", { exact: true })).toBeFocused();
    await tabTo(page, page.getByLabel("To", { exact: true }));
    await tabTo(page, page.getByRole("button", { name: "Apply filters" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/payments\?kind=charge(&from=&to=)?$/);

    // Older pages by keyboard too, until a charge with an invoice shows (the seed invoices card payments).
    const invoice = page.getByRole("link", { name: /^Download invoice / }).first();
    for (let pages = 1; pages < 10 && (await invoice.count()) === 0; pages++) {
      await tabTo(page, page.getByRole("link", { name: /Older payments/ }));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`page=${pages + 1}$`));
    }
    await tabTo(page, invoice);
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The language by its cookie, so the demo driver's account keeps its own choice.
    const languages = [
      {
        locale: "nl",
        heading: "Betalingen",
        columns: ["Datum", "Waarvoor", "Bedrag", "Saldowijziging", "Status", "Factuur"],
        credit: /^\+€\s\d+,\d{2}$/,
        change: /^(−€\s\d+,\d{2}|Geen: betaald met betaalmethode|Geen)$/,
      },
      {
        locale: "de",
        heading: "Zahlungen",
        columns: ["Datum", "Wofür", "Betrag", "Guthabenänderung", "Status", "Rechnung"],
        credit: /^\+\d+,\d{2}\s€$/,
        change: /^(−\d+,\d{2}\s€|Keine: mit Zahlungsmittel bezahlt|Keine)$/,
      },
    ];
    for (const language of languages) {
      await page.context().addCookies([{ name: "portal-locale", value: language.locale, url: baseURL! }]);
      await page.goto("/account/payments?kind=top-up");
      await expect(page.locator("html")).toHaveAttribute("lang", language.locale);
      await expect(page.getByRole("heading", { level: 1, name: language.heading })).toBeVisible();
      const table = page.getByRole("table").first();
      await expect(table.getByRole("columnheader")).toHaveText(language.columns);
      await expect(table.locator("tbody tr").first().locator("td").nth(3)).toHaveText(language.credit);
      await page.goto("/account/payments?kind=charge");
      // The ledger streams in after the page's frame: wait for its rows before reading them all at once.
      const cells = page.getByRole("table").first().locator("tbody tr td:nth-child(4)");
      await expect(cells.first()).toBeVisible();
      const changes = await cells.evaluateAll((cells) =>
        cells.map((cell) => (cell.textContent ?? "").replace(/\s/g, " ").trim()),
      );
      expect(changes.length).toBeGreaterThan(0);
      for (const change of changes) expect(change).toMatch(language.change);
      await expectNoAxeViolations(page);
    }
  },
);

test(
  "staff see a driver's newest transactions on the admin driver page and download an invoice, audited",
  { tag: "@ampeco-only" },
  async ({ supportPage: page, request }) => {
    const all = await platformTransactions(request, DEMO_DRIVER_ID);
    await page.goto(`/admin/users/${DEMO_DRIVER_ID}`);
    const table = page.getByRole("table", { name: "The driver's payments, newest first" });
    await expect(table).toBeVisible();
    expect(
      await table
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-transaction-id")))),
    ).toEqual(all.slice(0, 15).map((t) => t.id));
    await expect(table.getByRole("link", { name: /^Charging session/ })).toHaveCount(0);
    await page.getByRole("navigation", { name: "Pages of payments" }).getByRole("link", { name: /Older/ }).click();
    await expect(page).toHaveURL(/paymentsPage=2/);
    await expect(table.locator("tbody tr").first()).toHaveAttribute("data-transaction-id", String(all[15]!.id));

    const invoiced = all.findIndex((t) => t.invoiceId !== null && t.status === "finalized");
    await page.goto(`/admin/users/${DEMO_DRIVER_ID}?paymentsPage=${Math.floor(invoiced / 15) + 1}`);
    const invoice = table
      .locator(`tr[data-transaction-id="${all[invoiced]!.id}"]`)
      .getByRole("link", { name: /^Download invoice / });
    await expect(invoice).toHaveAttribute("href", new RegExp(`^/api/admin/users/${DEMO_DRIVER_ID}/invoices/\\d+$`));
    const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Another driver's invoice under this driver's id is a 404.
    const theirs = (await platformTransactions(request, SECOND_DRIVER_ID)).find((t) => t.invoiceId !== null)!;
    expect((await page.request.get(`/api/admin/users/${DEMO_DRIVER_ID}/invoices/${theirs.invoiceId}`)).status()).toBe(
      404,
    );
    await page.goto("/admin/audit?action=driver.invoice.download");
    await expect(page.getByRole("table").first()).toContainText("Download invoice");
    await expectNoAxeViolations(page);
  },
);

test(
  "on the contract the admin driver page explains that there is no ledger, without a money call",
  { tag: "@contract-only" },
  async ({ supportPage: page, emulator }) => {
    const before = (await emulator.state()).requestLog.length;
    await page.goto(`/admin/users/${DEMO_DRIVER_ID}`);
    await expect(page.getByRole("heading", { level: 2, name: "Payments" })).toBeVisible();
    await expect(page.getByText("This charging platform keeps no list of payments or invoices")).toBeVisible();
    const calls = (await emulator.state()).requestLog.slice(before);
    expect(calls.filter((c) => /transactions|invoice/.test(c.path))).toEqual([]);
  },
);
