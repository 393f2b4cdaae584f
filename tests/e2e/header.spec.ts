import type { Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Issue 36, problems 5 and 7: the site header. At 1280 px it is one row in every language (German wrapped into
 * three); at 360 px it is one row of at most 64 px with a menu button (it wrapped into four rows, ~230 px); the
 * language applies in one step, with a button only without JavaScript.
 */
const WORDS = { en, nl, de } as const;
type Language = keyof typeof WORDS;
/** One row of the header: the brand link's height and its padding, well under two rows. */
const ONE_ROW_PX = 64;

async function inLanguage(page: Page, language: Language): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: language, url: origin }]);
}

async function headerHeight(page: Page): Promise<number> {
  const box = await page.getByRole("banner").boundingBox();
  expect(box, "the header is on the page").not.toBeNull();
  return box!.height;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const role of ["driverPage", "adminPage"] as const) {
    test(`the header is one row in en, nl and de (${role === "driverPage" ? "driver" : "admin"})`, async ({
      driverPage,
      adminPage,
    }) => {
      const page = role === "driverPage" ? driverPage : adminPage;
      for (const language of ["en", "nl", "de"] as const) {
        await inLanguage(page, language);
        await page.goto(role === "driverPage" ? "/account" : "/admin/users");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const nav = page.getByRole("navigation", {
          name: WORDS[language].layout.nav[role === "driverPage" ? "driver" : "admin"],
        });
        await expect(nav.getByRole("link").first()).toBeVisible();
        expect(await headerHeight(page), `${language}: header height`).toBeLessThanOrEqual(ONE_ROW_PX);
        // No menu button where everything fits.
        await expect(page.getByRole("banner").getByText(WORDS[language].layout.menu)).toBeHidden();
      }
    });
  }

  test("choosing a language applies it at once, with no button to press", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const select = page.getByRole("combobox", { name: en.language.label });
    await expect(page.getByRole("button", { name: en.language.apply })).toHaveCount(0);
    await select.selectOption("de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.signIn.heading);
    await expect(page.getByRole("combobox", { name: de.language.label })).toHaveValue("de");
    await page.getByRole("combobox", { name: de.language.label }).selectOption("nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.signIn.heading);
  });
});

test("without JavaScript the language form has its button, and it works", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByRole("combobox", { name: en.language.label }).selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: en.language.apply }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await context.close();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const language of ["en", "de"] as const) {
    test(`the header is one row of at most 64 px with a menu button (${language})`, async ({ driverPage: page }) => {
      const t = WORDS[language];
      await inLanguage(page, language);
      for (const url of ["/account", "/cards", "/sessions"]) {
        await page.goto(url);
        expect(await headerHeight(page), `${url}: header height`).toBeLessThanOrEqual(ONE_ROW_PX);
        expect(await pageWidth(page), `${url}: page width`).toBeLessThanOrEqual(360);
      }
      const nav = page.getByRole("navigation", { name: t.layout.nav.driver });
      await expect(nav).toBeHidden();
      const menu = page.getByRole("banner").locator("summary");
      await expect(menu).toBeVisible();
      await expect(menu).toHaveAccessibleName(t.layout.menu);
      await menu.click();
      await expect(nav.getByRole("link", { name: t.layout.links.vouchers })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("button", { name: t.auth.signOut })).toBeVisible();
      await expectNoAxeViolations(page, "open menu at 360 px");
      await nav.getByRole("link", { name: t.layout.links.vouchers }).click();
      await expect(page).toHaveURL(/\/vouchers$/);
      // The menu folds again on the new page.
      await expect(nav).toBeHidden();
      expect(await headerHeight(page)).toBeLessThanOrEqual(ONE_ROW_PX);
    });
  }
});
