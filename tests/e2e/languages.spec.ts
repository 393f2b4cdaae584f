import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { expectNoAxeViolations } from "./axe";
import {
  createPlatformDriver,
  type EmulatorControl,
  expect,
  openMailboxWith,
  latestSignInLink,
  test,
} from "./fixtures";

/**
 * The portal in Dutch and in German: a driver whose browser asks for the language goes through the
 * whole journey in it (headings from the catalogue, numbers, money and kWh in the language's format),
 * the pages pass axe in both colour schemes, and the switcher's choice outlives a sign-out, follows the
 * account to another browser and decides the sign-in mail's language.
 */
const CATALOGUES = { en, nl, de } as const;
type Locale = keyof typeof CATALOGUES;
const BROWSER_LOCALE: Record<Locale, string> = { en: "en-GB", nl: "nl-NL", de: "de-DE" };

const words = (locale: Locale) => createTranslator({ locale, messages: CATALOGUES[locale] });
type Words = ReturnType<typeof words>;

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

async function expectAxeCleanInBothSchemes(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Sign-in through the form in the page's language, the mail read in the demo mailbox. */
async function signInInLanguage(page: Page, t: Words, email: string): Promise<void> {
  await page.goto("/signin");
  await expect(heading(page, t("signIn.heading"))).toBeVisible();
  await page.getByLabel(t("signIn.form.emailLabel")).fill(email);
  await page.getByRole("button", { name: t("signIn.form.submit") }).click();
  await expect(heading(page, t("signIn.checkEmail.heading"))).toBeVisible();
  await page.goto(await latestSignInLink(page, email, t("mail.signInLink.subject")));
  await expect(page).toHaveURL(/\/account$/);
}

async function driverWithHistory(request: Parameters<typeof createPlatformDriver>[0], emulator: EmulatorControl) {
  const driver = await createPlatformDriver(request, `language.${randomUUID().slice(0, 6)}`);
  // One finished session of 12,340 Wh and 42.50: "12,34 kWh" in both languages.
  await emulator.call("POST", `/users/${driver.id}/sessions`, { energy: 12_340, amount: 42.5 });
  const voucher = `LANG-${randomUUID().slice(0, 8).toUpperCase()}`;
  await emulator.createVoucher({ code: voucher, amount: 42.5, currency: "EUR" });
  return { ...driver, voucher };
}

const JOURNEYS: { locale: Exclude<Locale, "en">; money: string }[] = [
  { locale: "nl", money: "€ 42,50" },
  { locale: "de", money: "42,50 €" },
];

for (const { locale, money } of JOURNEYS) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: BROWSER_LOCALE[locale] });

    test(`a driver whose browser asks for ${locale}: sign in, account, cards, vouchers, sessions with CSV, map`, async ({
      page,
      request,
      emulator,
    }) => {
      test.slow();
      const t = words(locale);
      const driver = await driverWithHistory(request, emulator);

      await signInInLanguage(page, t, driver.email);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("navigation").getByRole("link", { name: t("layout.links.cards") })).toBeVisible();
      await expectAxeCleanInBothSchemes(page);

      await page.goto("/cards");
      await expect(heading(page, t("cards.title"))).toBeVisible();
      await expectAxeCleanInBothSchemes(page);

      await page.goto("/vouchers");
      await expect(heading(page, t("vouchers.title"))).toBeVisible();
      await page.getByLabel(t("vouchers.form.codeLabel")).fill(driver.voucher);
      await page.getByRole("button", { name: t("vouchers.form.submit") }).click();
      await expect(page.getByTestId("balance")).toHaveText(money.replace(" ", "\u00a0"), { timeout: 20_000 });
      await expectAxeCleanInBothSchemes(page);

      await page.goto("/sessions");
      await expect(heading(page, t("sessions.title"))).toBeVisible();
      const row = page.getByRole("table").locator("tbody tr").first();
      await expect(row).toContainText("12,34 kWh");
      await expect(row).toContainText(money.replace(" ", "\u00a0"));
      await expectAxeCleanInBothSchemes(page);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page
          .getByRole("link", { name: new RegExp(`^${t.markup("sessions.downloadCsv", { sr: (chunks) => chunks })}`) })
          .click(),
      ]);
      const [header] = (await readFile((await download.path())!, "utf8")).split("\r\n");
      expect(header).toContain(t("sessionsCsv.columns.amount"));
      expect(header).not.toContain(en.sessionsCsv.columns.amount);

      await page.goto("/map");
      await expect(heading(page, t("map.page.heading"))).toBeVisible();
      // The CC BY credit keeps its wording in every language, in Leaflet's attribution control.
      await expect(page.locator(".leaflet-control-attribution")).toContainText("Open Charge Map contributors");
      await expectAxeCleanInBothSchemes(page);
    });
  });
}

test.describe("the language switcher", () => {
  test.use({ locale: "en-GB" });

  test("the choice outlives sign-out, follows the account to another browser, and decides the sign-in mail's language", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const english = words("en");
    const german = words("de");
    const driver = await createPlatformDriver(request, `switcher.${randomUUID().slice(0, 6)}`);
    await signInInLanguage(page, english, driver.email);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // One step: the choice applies at once (the button shows only without JavaScript).
    await expect(page.getByRole("button", { name: english("language.apply") })).toBeHidden();
    await page.getByLabel(english("language.label")).selectOption("de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByLabel(german("language.label"))).toHaveValue("de");

    // Signed out: this browser still speaks German, and the sign-in mail comes in German.
    await page
      .getByRole("banner")
      .getByRole("button", { name: german("auth.signOut"), exact: true })
      .click();
    await expect(heading(page, german("signIn.heading"))).toBeVisible();
    await signInInLanguage(page, german, driver.email);
    await openMailboxWith(page, driver.email, german("mail.signInLink.subject"));

    // Another browser, English by its settings and without the cookie: the account's choice wins, for the
    // mail (the recipient's stored language) and for the pages after sign-in.
    const other = await browser.newContext({ baseURL, locale: "en-GB" });
    const otherPage = await other.newPage();
    await otherPage.goto("/signin");
    await otherPage.getByLabel(english("signIn.form.emailLabel")).fill(driver.email);
    await otherPage.getByRole("button", { name: english("signIn.form.submit") }).click();
    await otherPage.goto(await latestSignInLink(otherPage, driver.email, german("mail.signInLink.subject")));
    await expect(otherPage).toHaveURL(/\/account$/);
    await expect(otherPage.locator("html")).toHaveAttribute("lang", "de");
    await other.close();
  });
});
