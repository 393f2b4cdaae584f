import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { expectNoAxeViolations } from "./axe";
import {
  createPlatformCard,
  createPlatformDriver,
  expect,
  signInByEmail,
  signInNewPlatformDriver,
  SUPPORT,
  test,
} from "./fixtures";

/**
 * Issue 36, problem 5: the cards table on a 360 px phone keeps its actions on screen (it cut off its pause and block
 * buttons), and card numbers and codes break only at their separators. Measured with element boxes.
 */
const WORDS = { en, de } as const;
const WIDTH = 360;

test.use({ viewport: { width: WIDTH, height: 740 } });

async function inLanguage(page: Page, language: keyof typeof WORDS): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: language, url: origin }]);
}

/** The element is on screen from left to right: nothing of it past the phone's edge. */
async function expectWithinScreen(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH);
}

/** Text that does not break inside itself: the text node holding it lies on one line. */
async function expectOneLine(row: Locator, text: string, what: string): Promise<void> {
  const lines = await row.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return 0;
  }, text);
  expect(lines, `${what} on one line`).toBe(1);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const language of ["en", "de"] as const) {
  const t = WORDS[language];

  test(`cards at 360 px: actions on screen, numbers and codes unbroken (${language})`, async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, `phone.${language}`);
    // A long code of 20 characters, as real UIDs have: it must not break in the middle.
    const code = `PH${randomUUID().replace(/-/g, "").slice(0, 18).toUpperCase()}`;
    const printed = `NL-PHN-${code.slice(2, 8)}-1`;
    await createPlatformCard(request, { userId: driver.id, code, visualNumber: printed, status: "active" });
    await inLanguage(page, language);
    await page.goto("/cards");
    const row = page.getByRole("row").filter({ hasText: printed });
    await expect(row).toBeVisible();
    const named = (label: string) => label.replace(/<\/?hidden>/g, "").replace("{card}", printed);
    await expectWithinScreen(row.getByRole("button", { name: named(t.cards.change.pause.label) }), "pause");
    await expectWithinScreen(row.getByRole("button", { name: named(t.cards.block.open) }), "block");
    await expectWithinScreen(row.getByText(t.cards.status.active, { exact: true }), "status");
    await expectOneLine(row, code, "the card code");
    await expectOneLine(row, printed, "the printed number");
    expect(await pageWidth(page), "the page's width").toBeLessThanOrEqual(WIDTH);
    await expectNoAxeViolations(page, "cards at 360 px");
  });
}

test("a long e-mail address on the staff's driver page wraps only after its @ and before its dots", async ({
  page,
  request,
}) => {
  const driver = await createPlatformDriver(request, "wrapsonlyattheseparatorsofanaddress");
  await signInByEmail(page, SUPPORT);
  await page.goto(`/admin/users/${driver.id}`);
  const address = page.locator("dd").filter({ hasText: driver.email }).first();
  await expect(address).toBeVisible();
  // Each part between the separators is a text node of its own: none of them may break, yet the whole must wrap.
  const parts = await address.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const found: { text: string; lines: number; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
      if (tops.length > 0)
        found.push({ text: node.textContent ?? "", lines: new Set(tops).size, top: Math.min(...tops) });
    }
    return found;
  });
  expect(parts.map((part) => part.text).join("")).toBe(driver.email);
  for (const part of parts) expect(part.lines, `"${part.text}" on one line`).toBe(1);
  expect(new Set(parts.map((part) => part.top)).size, "the address wraps at 360 px").toBeGreaterThan(1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
