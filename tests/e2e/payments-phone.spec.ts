import type { Locator, Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Issue 36, problem 5: the payments table at 360 px was a 906 px table in a sideways scroller that showed only Date
 * and What. Below 640 px each row is now a card with date, what, amount and status on screen, as the cards page does;
 * from 640 px it stays a table. The ledger has data in the ampeco dialect only.
 */
const CATALOGUES = { en, nl } as const;
const WIDTH = 360;

async function inLanguage(page: Page, locale: keyof typeof CATALOGUES) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url }]);
  return createTranslator({ locale, messages: CATALOGUES[locale] });
}

/** On the phone's screen: in the viewport, and nothing of it past either edge (a sideways scroller clips it). */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeInViewport({ ratio: 0.9 });
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH);
}

for (const locale of ["en", "nl"] as const) {
  test(
    `payments at 360 px: each row a card with date, amount and status on screen, no sideways scroll (${locale})`,
    { tag: "@ampeco-only" },
    async ({ driverPage: page }) => {
      await page.setViewportSize({ width: WIDTH, height: 740 });
      const t = await inLanguage(page, locale);
      await page.goto("/account/payments");
      await expect(page.getByRole("heading", { level: 1, name: t("payments.title") })).toBeVisible();

      // The same accessible names as the wide table: the region, the table's caption, its column headers.
      const region = page.getByRole("region", { name: t("payments.table.label"), exact: true });
      const ledger = region.getByRole("table", { name: t("payments.table.caption") });
      await expect(ledger.getByRole("columnheader")).toHaveText(
        (["date", "what", "amount", "balanceChange", "status", "invoice"] as const).map((c) =>
          t(`payments.table.${c}`),
        ),
      );
      const first = ledger.locator("tbody tr").first();
      await expect(first).toBeVisible();
      await first.scrollIntoViewIfNeeded();

      const cells = first.getByRole("cell");
      const statuses = Object.values(CATALOGUES[locale].payments.status);
      await expect(cells.nth(0)).toHaveText(/\d/);
      await expect(cells.nth(2)).toHaveText(/€/);
      await expect(cells.nth(4)).toHaveText(new RegExp(`^(${statuses.join("|")})$`));
      await expectOnScreen(cells.nth(0), "the date");
      await expectOnScreen(cells.nth(1), "what");
      await expectOnScreen(cells.nth(2), "the amount");
      await expectOnScreen(cells.nth(4).getByText(new RegExp(`^(${statuses.join("|")})$`)), "the status");

      // Nothing scrolls sideways: not the page, not the table's box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width").toBeLessThanOrEqual(
        WIDTH,
      );
      const [scrollWidth, clientWidth] = await region.evaluate((box) => [box.scrollWidth, box.clientWidth]);
      expect(scrollWidth, "the table's box scrolls no sideways").toBeLessThanOrEqual(clientWidth);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `payments at 360 px (${locale}, ${colorScheme})`);
      }

      // From 640 px it is a table again, its header row on screen.
      await page.setViewportSize({ width: 1280, height: 800 });
      const amountHeader = ledger.getByRole("columnheader", { name: t("payments.table.amount") });
      await expect(amountHeader).toBeInViewport();
      expect((await amountHeader.boundingBox())!.width, "the header row is shown, not only read out").toBeGreaterThan(
        20,
      );
      expect(await ledger.evaluate((table) => getComputedStyle(table).display)).toBe("table");
    },
  );
}
