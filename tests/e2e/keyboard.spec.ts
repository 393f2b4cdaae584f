import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createPlatformDriver, expect, latestSignInLink, test } from "./fixtures";

/**
 * A keyboard-only journey: sign in, add and block a card, redeem a voucher, with Tab, Shift+Tab,
 * Enter and Escape only (the sign-in link is "opened from the mail" by URL, as a mail client would).
 */
/** The accessible name of the focused element: its label, aria-label or text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute("aria-label") ?? labelled ?? el.textContent ?? "").trim();
  });
}

/** Presses Tab until the focused element's name matches; fails if it is never reached. */
async function tabTo(page: Page, name: string | RegExp, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    const current = await focusedName(page);
    if (typeof name === "string" ? current === name : name.test(current)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`never reached ${String(name)} by Tab (last focus: ${await focusedName(page)})`);
}

test("sign in, add and block a card, and redeem a voucher with the keyboard alone", async ({
  page,
  request,
  emulator,
}) => {
  const { email } = await createPlatformDriver(request, "keyboard", { first_name: "Kai", last_name: "Keys" });

  // Sign in.
  await page.goto("/signin");
  await tabTo(page, "E-mail address");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(await latestSignInLink(page, email));
  await expect(page).toHaveURL(/\/account$/);

  // Cards: navigate, add one, block it through the confirmation dialog.
  await tabTo(page, "Cards");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cards$/);
  // The URL changes while the loading skeleton shows; tab only once the form is there.
  await expect(page.getByLabel("Card code")).toBeVisible();
  const code = `KB${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  const printed = `NL-KB-${code.slice(2, 7)}`;
  await tabTo(page, "Card code");
  await page.keyboard.type(code);
  await page.keyboard.press("Tab");
  expect(await focusedName(page)).toBe("Printed number");
  await page.keyboard.type(printed);
  await page.keyboard.press("Enter");
  const row = page.getByRole("row").filter({ hasText: printed });
  await expect(row).toBeVisible();

  await tabTo(page, `Block card ${printed}`);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus returns in the dialog's close handler, a task later: wait for it rather than read it once.
  await expect(page.getByRole("button", { name: `Block card ${printed}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, "Block card");
  await page.keyboard.press("Enter");
  await expect(row).toContainText("Blocked");
  expect((await emulator.state()).tokens.find((t) => t.code === code)?.status).toBe("blocked");

  // Vouchers.
  const voucher = `KB-${randomUUID().slice(0, 6).toUpperCase()}`;
  await emulator.createVoucher({ code: voucher, amount: 3, currency: "EUR" });
  await tabTo(page, "Vouchers");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/vouchers$/);
  await expect(page.getByLabel("Voucher code")).toBeVisible();
  await tabTo(page, "Voucher code");
  await page.keyboard.type(voucher);
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Voucher redeemed. Your new balance is €3.00." }),
  ).toBeVisible({ timeout: 15_000 });
});
