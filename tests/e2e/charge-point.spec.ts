import { readFileSync } from "node:fs";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import { expectAccessibleInBothSchemes } from "./axe";
import { createPlatformDriver, expect, latestSignInLink, test } from "./fixtures";

/**
 * Issue 38, a charge point's page (/charge/<reference>, the reference printed on the charge point and in its QR code):
 * open to everyone, with the place, each spot's live status in words, its connectors and its price; signed out the
 * price without an account, and after signing in from there, back on the same page, the account's own.
 */
const QR = "/charge/NL*DPT*E50101";

test(
  "from a QR link signed out, at 360 px: the place, the spots and the price; signing in comes back with the account's price",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const response = await page.goto(QR);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Westerpark Charging Hub" })).toBeVisible();
    await expect(page.getByText("Charge point NL*DPT*E50101")).toBeVisible();
    const dcSpot = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Spot NL*DPT*E50101" }) });
    await expect(dcSpot.getByText("CCS2, 50 kW")).toBeVisible();
    await expect(dcSpot.getByText("€0.59 per kWh")).toBeVisible();
    await expect(dcSpot.getByText("€0.99 to start")).toBeVisible();
    await expect(dcSpot.getByText("€0.05 per minute, after 45 minutes of charging, at most €5.00")).toBeVisible();
    // The same prices without VAT, at the rate the platform states for the tariff's tax.
    await expect(
      dcSpot.getByText(
        "Prices include 21 % VAT. Without VAT: €0.49 per kWh; €0.82 to start; €0.04 per minute, after 45 minutes of charging, at most €4.13; €0.21 per minute that the car stays plugged in after charging, after 10 minutes, at most €12.40.",
      ),
    ).toBeVisible();
    // Both spots of the charge point, each with a status in words.
    await expect(page.getByRole("heading", { name: /^Spot NL\*DPT\*E5010[12]$/ })).toHaveCount(2);
    await expect(
      page.getByText(/^(Free now|In use: .+|Getting ready: .+|Reserved|Out of service|Out of order)$/),
    ).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const driver = await createPlatformDriver(request, "charge.qr");
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).first().click();
    await page.getByLabel("E-mail address").fill(driver.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await page.goto(await latestSignInLink(page, driver.email));

    await expect(page).toHaveURL(/\/charge\/NL\*DPT\*E50101$/);
    await expect(page.getByText("These are the prices for your account.")).toBeVisible();
    await expect(dcSpot.getByText("€0.55 per kWh").first()).toBeVisible();
    await expect(dcSpot.getByText("€0.49 to start").first()).toBeVisible();
    // How they would pay: a new driver has only the balance; cards are added in the app.
    const payment = page.locator("section").filter({ has: page.getByRole("heading", { name: "How you pay" }) });
    await expect(payment.getByText("Your balance: €0.00")).toBeVisible();
    await expect(payment.getByText("To add or change a card, use the app.")).toBeVisible();
  },
);

test(
  "in Dutch, each status and price is in Dutch, and the page passes axe in both schemes at 1280 and 360 px",
  { tag: "@ampeco-only" },
  async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "nl", url: baseURL! }]);
    await expectAccessibleInBothSchemes(
      page,
      "/charge/NL*DPT*E50201",
      page.getByRole("heading", { level: 1, name: "Snellader Zuidas" }),
      async () => {
        await expect(page.getByText("€ 0,59 per kWh").first()).toBeVisible();
        await expect(
          page.getByText("Dit laadpunt is niet voor jou: het is bestemd voor andere rijders."),
        ).toBeVisible();
        await expect(
          page
            .getByText(/^Prijzen zijn inclusief 21\s%\sbtw\. Zonder btw: €\s0,49 per kWh; €\s0,82 starttarief; /)
            .first(),
        ).toBeVisible();
      },
    );
  },
);

async function expectNotFound(page: import("@playwright/test").Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
}

test(
  "a spot not open to the visitor says so and ends there: no start, no empty section under its price",
  { tag: "@ampeco-only" },
  async ({ page }) => {
    await page.goto("/charge/NL*DPT*E50204");
    const spot = (reference: string) =>
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Spot ${reference}` }) });
    const closed = spot("NL*DPT*E50204");
    await expect(closed.getByText("This spot is not open to you: it is kept for other drivers.")).toBeVisible();
    await expect(closed.getByRole("link")).toHaveCount(0);
    // The rule that sets the start apart is drawn only above a start.
    await expect(closed.locator(".border-t")).toHaveCount(0);
    const open = spot("NL*DPT*E50201");
    await expect(open.getByText("to start charging here.")).toBeVisible();
    await expect(open.locator(".border-t")).toHaveCount(1);
  },
);

test("a reference no charge point carries answers 404", { tag: "@ampeco-only" }, async ({ page }) => {
  await expectNotFound(page, "/charge/NL*DPT*E99999");
});

test("text that cannot be a reference answers 404, with no platform call to make @ampeco", async ({ page }) => {
  await expectNotFound(page, "/charge/%3Cscript%3E");
  await expectNotFound(page, `/charge/${"E".repeat(65)}`);
});

for (const locale of ["en", "nl"] as const) {
  test(`under the contract, the page says in ${locale} that the service starts charges by card or app, and leads to the map`, async ({
    page,
    emulator,
    baseURL,
  }) => {
    const words = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")).charging;
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const since = new Date().toISOString();
    const response = await page.goto(QR);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: words.page.reference.replace("{reference}", "NL*DPT*E50101") }),
    ).toBeVisible();
    await expect(page.getByText(words.unsupported.heading)).toBeVisible();
    await expect(page.getByText(words.unsupported.body)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: words.page.map })).toHaveAttribute("href", "/map");
    // No call for it: other journeys share the emulator, so the log is read for what this page could have asked.
    const { requestLog } = await emulator.state();
    const asked = requestLog.filter(
      (entry) => entry.at >= since && /evse|tariff|charge-point|payment-method/.test(entry.path),
    );
    expect(asked).toEqual([]);
  });
}
