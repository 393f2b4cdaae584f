import { expectNoAxeViolations } from "./axe";
import { createPlatformDriver, expect, openMailboxWith, test } from "./fixtures";

// WCAG 2.1 AA (axe) on the pages the feature specs do not already check, in both colour schemes:
// the public pages, the demo mailbox and the map. The driver and admin pages are checked in their
// own specs (account, cards, vouchers, sessions, admin).

for (const scheme of ["light", "dark"] as const) {
  test(`public pages are axe-clean (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of [
      "/",
      "/signin",
      "/signup",
      "/check-your-email",
      "/check-your-email?for=sign-up",
      "/signup/finish?token=not-a-link",
      "/signin?error=Verification",
      "/account-not-linked",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, path);
    }
    // A sign-up form showing its field errors.
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Enter your e-mail address.")).toBeVisible();
    await expectNoAxeViolations(page, "/signup with errors");
  });

  test(`the demo mailbox and a mail are axe-clean (${scheme})`, async ({ page, request }) => {
    // A driver of its own: sign-in mails are limited per address, and the demo driver's belong to the other tests.
    const { email } = await createPlatformDriver(request, "a11y.mailbox");
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await openMailboxWith(page, email, "sign-in link");
    await expectNoAxeViolations(page, "/dev/mailbox");
    await page.getByRole("row").nth(1).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "mail");
  });

  test(`the map page is axe-clean and offers the list alternative (${scheme})`, async ({ driverPage: page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/map");
    await expect(page.getByRole("list", { name: "Charge points, nearest first" }).getByRole("listitem")).toHaveCount(8);
    await expectNoAxeViolations(page, "/map");
  });
}
