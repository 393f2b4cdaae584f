import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { createPlatformCard, expect, signInNewPlatformDriver, test } from "./fixtures";

/**
 * Issue 36, problem 8: the cards table keeps its order (by when added) through pause, resume and block, so the button
 * under the pointer keeps belonging to the same card; a message belongs to the last action and clears on the next
 * ("Card … was added" stayed after later actions).
 */
const CATALOGUES = { en, de } as const;

const rowIds = (page: Page) =>
  page.locator("tr[data-card-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-card-id")));

for (const language of ["en", "de"] as const) {
  const t = createTranslator({ locale: language, messages: CATALOGUES[language] });
  /** A button's accessible name: its words with the card's number, which only screen readers hear. */
  const label = (key: "cards.change.pause.label" | "cards.change.resume.label", card: string) =>
    t.markup(key, { card, hidden: (chunks) => chunks });

  test(`pause and resume change a row in place; messages follow the last action (${language})`, async ({
    page,
    request,
  }) => {
    const driver = await signInNewPlatformDriver(page, request, `order.${language}`);
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const printed = ["1", "2", "3"].map((n) => `NL-ORD-${suffix}-${n}`);
    for (const [i, visualNumber] of printed.entries()) {
      await createPlatformCard(request, {
        userId: driver.id,
        code: `OR${suffix}${i}AB`,
        visualNumber,
        status: "active",
      });
    }
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: language, url: origin }]);
    await page.goto("/cards");
    await expect(page.locator("tr[data-card-id]")).toHaveCount(3);
    const order = await rowIds(page);

    // Pause the card in the first row: it stays there, and the same place now offers to resume it.
    const first = page.locator("tr[data-card-id]").first();
    const firstNumber = (await first.locator("th span").first().textContent()) ?? "";
    await first.getByRole("button", { name: label("cards.change.pause.label", firstNumber) }).click();
    await expect(first.getByRole("status").filter({ hasText: firstNumber })).toHaveText(
      t("cards.done.paused", { card: firstNumber }),
    );
    expect(await rowIds(page)).toEqual(order);
    await expect(page.locator("tr[data-card-id]").first()).toContainText(t("cards.status.inactive"));
    await expect(
      page
        .locator("tr[data-card-id]")
        .first()
        .getByRole("button", {
          name: label("cards.change.resume.label", firstNumber),
        }),
    ).toBeVisible();

    // Add a card: its message shows, the pause message is gone; the new card is the newest, first.
    const added = `NL-ORD-${suffix}-9`;
    await page.getByLabel(t("cards.form.codeLabel")).fill(`OR${suffix}9CD`);
    await page.getByLabel(t("cards.form.printedLabel")).fill(added);
    await page.getByRole("button", { name: t("cards.form.addSubmit") }).click();
    const addedMessage = page.getByRole("status").filter({ hasText: t("cards.add.done", { card: added }) });
    await expect(addedMessage).toBeVisible();
    await expect(page.getByText(t("cards.done.paused", { card: firstNumber }))).toHaveCount(0);
    await expect(page.locator("tr[data-card-id]")).toHaveCount(4);
    await expect(page.locator("tr[data-card-id]").first()).toContainText(added);
    const withAdded = await rowIds(page);
    expect(withAdded.slice(1)).toEqual(order);

    // Resume the paused card: the "was added" message clears, the row stays where it is.
    const paused = page.locator(`tr[data-card-id="${order[0]}"]`);
    await paused.getByRole("button", { name: label("cards.change.resume.label", firstNumber) }).click();
    await expect(paused.getByRole("status").filter({ hasText: firstNumber })).toHaveText(
      t("cards.done.resumed", { card: firstNumber }),
    );
    await expect(addedMessage).toHaveCount(0);
    expect(await rowIds(page)).toEqual(withAdded);
  });
}
