import type { APIRequestContext, Page } from "@playwright/test";
import { expectAccessibleInBothSchemes, expectNoAxeViolations } from "./axe";
import {
  createPlatformDriver,
  expect,
  expectHydrated,
  PLATFORM_API,
  PLATFORM_AUTH,
  reloadPage,
  signInNewPlatformDriver,
  test,
} from "./fixtures";

/**
 * Billing details (issue 28): the driver's own page under /account and support's correction on the driver page. The
 * real platform takes them (@ampeco-only); the contract's does not, and the portal says so without a call.
 */

const DUTCH = {
  companyName: "Laadpaal B.V.",
  vatId: "NL000099998B57",
  regNo: "12345678",
  address: "Stationsplein 1",
  postCode: "1012 AB",
  city: "Amsterdam",
  country: "NL",
};
const GERMAN = {
  ...DUTCH,
  companyName: "Strom GmbH",
  vatId: "DE136695976",
  postCode: "10115",
  city: "Berlin",
  country: "DE",
};

async function invoiceDetails(request: APIRequestContext, userId: number): Promise<Record<string, unknown>> {
  const response = await request.get(`${PLATFORM_API}/users/v1.0/${userId}/invoice-details`, {
    headers: PLATFORM_AUTH,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function fillCompany(page: Page, company: typeof DUTCH) {
  await page.getByRole("radio", { name: "A company" }).check();
  await page.getByLabel("Company name").fill(company.companyName);
  await page.getByLabel("VAT id").fill(company.vatId);
  await page.getByLabel("Registration number").fill(company.regNo);
  await page.getByLabel("Street and number").fill(company.address);
  await page.getByLabel("Postcode").fill(company.postCode);
  await page.getByLabel("City").fill(company.city);
  await page.getByLabel("Country").selectOption(company.country);
  await page.getByLabel("I need an invoice for every charge").check();
}

async function expectCompany(page: Page, company: typeof DUTCH) {
  await expect(page.getByRole("radio", { name: "A company" })).toBeChecked();
  await expect(page.getByLabel("Company name")).toHaveValue(company.companyName);
  await expect(page.getByLabel("VAT id")).toHaveValue(company.vatId);
  await expect(page.getByLabel("Registration number")).toHaveValue(company.regNo);
  await expect(page.getByLabel("Street and number")).toHaveValue(company.address);
  await expect(page.getByLabel("Postcode")).toHaveValue(company.postCode);
  await expect(page.getByLabel("City")).toHaveValue(company.city);
  await expect(page.getByLabel("Country")).toHaveValue(company.country);
  await expect(page.getByLabel("I need an invoice for every charge")).toBeChecked();
}

const save = (page: Page) => page.getByRole("button", { name: "Save billing details" }).click();

test(
  "a driver saves a Dutch company, then a German one, and sees each again after a reload",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "billing.save");
    // The overview's settings list leads there.
    await page.getByRole("main").getByRole("link", { name: "Billing details", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Billing details" })).toBeVisible();
    await expectHydrated(page.getByLabel("City"));

    await fillCompany(page, { ...DUTCH, vatId: "nl 0000.99998.b57" });
    await save(page);
    await expect(page.getByRole("status").filter({ hasText: "Your billing details are saved." })).toBeVisible();
    // Written plainly, as it was saved.
    await expect(page.getByLabel("VAT id")).toHaveValue(DUTCH.vatId);
    await reloadPage(page);
    await expectCompany(page, DUTCH);
    expect(await invoiceDetails(request, driver.id)).toMatchObject({
      invoiceType: "company",
      companyTaxId: DUTCH.vatId,
      requireInvoice: true,
    });

    await fillCompany(page, GERMAN);
    await save(page);
    await expect(page.getByRole("status").filter({ hasText: "Your billing details are saved." })).toBeVisible();
    await reloadPage(page);
    await expectCompany(page, GERMAN);
    // The individual's name is hidden for a company.
    await expect(page.getByLabel("Name on the invoice")).toBeHidden();
  },
);

test(
  "a VAT id with wrong check digits is refused at its field, with everything typed kept and nothing saved",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "billing.invalid");
    const before = await invoiceDetails(request, driver.id);
    await page.goto("/account/billing");
    await expectHydrated(page.getByLabel("City"));
    await fillCompany(page, { ...DUTCH, vatId: "NL000099998B58" });
    await save(page);
    const vat = page.getByLabel("VAT id");
    await expect(vat).toHaveAttribute("aria-invalid", "true");
    await expect(vat).toHaveAccessibleDescription(/check digits do not add up/);
    await expect(page.getByRole("alert").filter({ hasText: "everything you typed is still here" })).toBeVisible();
    await expectCompany(page, { ...DUTCH, vatId: "NL000099998B58" });
    expect(await invoiceDetails(request, driver.id)).toEqual(before);
  },
);

test(
  "the form works before (or without) its JavaScript: a refusal keeps the values, a valid company is saved",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "billing.nojs");
    // No script file loads, so React never hydrates: the form posts as plain HTML, as before hydration.
    await page.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
    await page.goto("/account/billing");
    await fillCompany(page, { ...GERMAN, vatId: "DE136695977" });
    await save(page);
    await expect(page.getByText("This VAT id's check digits do not add up.")).toBeVisible();
    await expectCompany(page, { ...GERMAN, vatId: "DE136695977" });
    await page.getByLabel("VAT id").fill(GERMAN.vatId);
    await save(page);
    await expect(page.getByText("Your billing details are saved.")).toBeVisible();
    expect(await invoiceDetails(request, driver.id)).toMatchObject({ companyTaxId: GERMAN.vatId, city: "Berlin" });
    expect(
      await page.evaluate(() => Object.keys(document.querySelector("form")!).some((k) => k.startsWith("__react"))),
    ).toBe(false);
  },
);

test(
  "the billing details page passes axe in light and dark with errors shown, fits 360 px, and works by keyboard alone",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const driver = await signInNewPlatformDriver(page, request, "billing.a11y");
    const heading = page.getByRole("heading", { level: 1, name: "Billing details" });
    await expectAccessibleInBothSchemes(page, "/account/billing", heading, async () => {
      await expectHydrated(page.getByLabel("City"));
      await page.getByRole("radio", { name: "A company" }).check();
      await save(page);
      await expect(page.getByText("Enter the company's VAT id.")).toBeVisible();
    });

    // Keyboard only: from the kind to the save button, in the order the form reads.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/account/billing");
    const company = page.getByRole("radio", { name: "A company" });
    await expectHydrated(company);
    await page.getByRole("radio", { name: "An individual" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(company).toBeChecked();
    await expect(company).toBeFocused();
    for (const [label, text] of [
      ["Company name", "Toets B.V."],
      ["VAT id", DUTCH.vatId],
      ["Registration number", ""],
      ["Street and number", ""],
      ["Postcode", ""],
      ["City", ""],
    ] as const) {
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(label)).toBeFocused();
      if (text) await page.keyboard.type(text);
    }
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Country")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("I need an invoice for every charge")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save billing details" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Your billing details are saved." })).toBeVisible();
    expect(await invoiceDetails(request, driver.id)).toMatchObject({
      companyName: "Toets B.V.",
      companyTaxId: DUTCH.vatId,
    });
  },
);

test(
  "support corrects a driver's VAT id with the same check, and the correction is in the audit log",
  { tag: "@ampeco-only" },
  async ({ supportPage: page, request }) => {
    const driver = await createPlatformDriver(request, "billing.staff");
    await page.goto(`/admin/users/${driver.id}`);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: "Billing details" }) });
    await expectHydrated(section.getByLabel("VAT id"));
    await section.getByRole("radio", { name: "A company" }).check();
    await section.getByLabel("Company name").fill(DUTCH.companyName);
    await section.getByLabel("VAT id").fill("DE136695977");
    await section.getByRole("button", { name: "Save billing details" }).click();
    await expect(section.getByLabel("VAT id")).toHaveAccessibleDescription(/check digits do not add up/);
    await expect(section.getByLabel("Company name")).toHaveValue(DUTCH.companyName);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, "the driver page's billing details with an error");
    }
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });

    await section.getByLabel("VAT id").fill(GERMAN.vatId);
    await section.getByRole("button", { name: "Save billing details" }).click();
    await expect(section.getByRole("status").filter({ hasText: "Saved the driver's billing details." })).toBeVisible();
    expect(await invoiceDetails(request, driver.id)).toMatchObject({ companyTaxId: GERMAN.vatId });

    await page.goto(`/admin/audit?driver=${driver.id}&action=driver.billing-details.update`);
    const table = page.getByRole("table", { name: "Audit log entries, newest first" });
    await expect(
      table.getByRole("row").filter({ hasText: "Correct billing details" }).filter({ hasText: "Success" }),
    ).toHaveCount(1);
  },
);

test("on the contract's platform the billing page explains there are no billing details, with no platform call @contract-only", async ({
  page,
  request,
  emulator,
}) => {
  await signInNewPlatformDriver(page, request, "billing.contract");
  await expect(page.getByRole("main").getByRole("link", { name: "Billing details", exact: true })).toBeVisible();

  const calls = (await emulator.state()).requestLog.length;
  await page.goto("/account/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing details" })).toBeVisible();
  await expect(page.getByText("The charging service does not take billing details")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save billing details" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  expect((await emulator.state()).requestLog.slice(calls)).toEqual([]);
});

test(
  "in Dutch and German: the page's words, the countries in the language, and the VAT id refusal at the field",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "billing.languages");
    await page.goto("/account/billing");
    await page.getByLabel("Language").selectOption("nl");
    await expect(page.getByRole("heading", { level: 1, name: "Factuurgegevens" })).toBeVisible();
    await expectHydrated(page.getByLabel("Plaats"));
    await page.getByRole("radio", { name: "Een bedrijf" }).check();
    await page.getByLabel("Bedrijfsnaam").fill(DUTCH.companyName);
    await page.getByLabel("Btw-nummer").fill("NL000099998B58");
    const country = page.getByLabel("Land", { exact: true });
    await country.selectOption("DE");
    await expect(country.locator("option:checked")).toHaveText("Duitsland");
    await page.getByRole("button", { name: "Factuurgegevens opslaan" }).click();
    await expect(page.getByLabel("Btw-nummer")).toHaveAccessibleDescription(
      /De controlecijfers van dit btw-nummer kloppen niet\. Controleer het op een typefout\.$/,
    );
    await expect(page.getByLabel("Bedrijfsnaam")).toHaveValue(DUTCH.companyName);

    // The language applies at once (issue 36): no button with JavaScript.
    await page.getByLabel("Taal").selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Rechnungsdaten" })).toBeVisible();
    await expectHydrated(page.getByLabel("Ort"));
    await page.getByRole("radio", { name: "Ein Unternehmen" }).check();
    await page.getByLabel("Firmenname").fill(GERMAN.companyName);
    await page.getByLabel("USt-IdNr.").fill(GERMAN.vatId);
    await page.getByLabel("Land", { exact: true }).selectOption("DE");
    await expect(page.getByLabel("Land", { exact: true }).locator("option:checked")).toHaveText("Deutschland");
    await page.getByRole("button", { name: "Rechnungsdaten speichern" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ihre Rechnungsdaten sind gespeichert." })).toBeVisible();
    expect(await invoiceDetails(request, driver.id)).toMatchObject({ companyTaxId: GERMAN.vatId, country: "DE" });
  },
);

test(
  "issue 36: without billing details the country starts from the profile's, in English and Dutch; a saved country wins",
  { tag: "@ampeco-only" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "billing.country", { country: "BE" });
    expect((await invoiceDetails(request, driver.id)).country ?? null).toBeNull();
    await page.goto("/account/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Billing details" })).toBeVisible();
    const country = page.getByLabel("Country");
    await expect(country).toHaveValue("BE");
    await expect(country.locator("option:checked")).toHaveText("Belgium");

    await page.getByLabel("Language").selectOption("nl");
    await expect(page.getByRole("heading", { level: 1, name: "Factuurgegevens" })).toBeVisible();
    const land = page.getByLabel("Land", { exact: true });
    await expect(land).toHaveValue("BE");
    await expect(land.locator("option:checked")).toHaveText("België");
    // Nothing is saved until the driver saves.
    expect((await invoiceDetails(request, driver.id)).country ?? null).toBeNull();

    await expectHydrated(page.getByLabel("Plaats"));
    await page.getByRole("radio", { name: "Een particulier" }).check();
    await page.getByLabel("Naam op de factuur").fill("Bea Belg");
    await land.selectOption("LU");
    await page.getByRole("button", { name: "Factuurgegevens opslaan" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Je factuurgegevens zijn opgeslagen." })).toBeVisible();
    expect(await invoiceDetails(request, driver.id)).toMatchObject({ country: "LU", individualName: "Bea Belg" });
    await reloadPage(page);
    await expect(page.getByLabel("Land", { exact: true })).toHaveValue("LU");
    await expect(page.getByLabel("Land", { exact: true }).locator("option:checked")).toHaveText("Luxemburg");
  },
);

test(
  "a tenant whose invoice manager is not AMPECO's: the details are shown read-only with where they are changed, axe clean",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator }) => {
    await signInNewPlatformDriver(page, request, "billing.cardcom", { city: "Haifa" });
    await emulator.call("PUT", "/settings", { invoiceManager: "cardcom" });
    try {
      await page.goto("/account/billing");
      await expect(
        page.getByText(/keeps your billing details in Cardcom\. This portal shows them but cannot change them/),
      ).toBeVisible();
      const details = page.getByRole("definition").filter({ hasText: "Haifa" });
      await expect(details).toBeVisible();
      await expect(page.getByRole("button", { name: "Save billing details" })).toHaveCount(0);
      await expectNoAxeViolations(page);
    } finally {
      // The other journeys run against the defaults.
      await emulator.call("PUT", "/settings", {});
    }
  },
);
