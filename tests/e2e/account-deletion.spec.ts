import { expectNoAxeViolations } from "./axe";
import { expect, openMailboxWith, pressEnterOn, reloadPage, signInNewPlatformDriver, test } from "./fixtures";

test("a driver asks to delete their account by keyboard, is mailed, and cancels it", async ({ page, request }) => {
  const driver = await signInNewPlatformDriver(page, request, "delete");
  await page.goto("/account/privacy");
  const trigger = page.getByRole("button", { name: "Delete my account" });
  await pressEnterOn(trigger);
  const confirm = page.getByRole("button", { name: "Yes, delete my account" });
  await expect(confirm).toBeFocused();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /Your account will be deleted after/ })).toBeVisible();
  await expect(page.getByText(/You asked to delete your account on/)).toBeVisible();

  await openMailboxWith(page, driver.email, "Your Driver Portal account deletion request");
  // Issue 37: until it is cancelled or carried out, every driver page says so, with the way to cancel.
  for (const path of ["/account", "/account/profile", "/cards", "/sessions", "/vouchers", "/account/notifications"]) {
    await page.goto(path);
    await expect(page.getByTestId("deletion-banner")).toContainText(/Your account will be deleted after \d/);
  }
  await page.getByTestId("deletion-banner").getByRole("link", { name: "Cancel the deletion" }).click();
  await expect(page).toHaveURL(/\/account\/privacy$/);
  await page.getByRole("button", { name: "Cancel the deletion request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your deletion request is cancelled." })).toBeVisible();
  await reloadPage(page);
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible();
  await expect(page.getByTestId("deletion-banner")).toHaveCount(0);
  await page.goto("/cards");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("deletion-banner")).toHaveCount(0);
});

test("support see the open request, cannot carry it out during the grace period, and decline it with a reason", async ({
  page,
  request,
  supportPage,
}) => {
  const driver = await signInNewPlatformDriver(page, request, "declined");
  await page.goto("/account/privacy");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page.getByText(/You asked to delete your account on/)).toBeVisible();

  await supportPage.goto("/admin/requests");
  const item = supportPage.getByRole("listitem").filter({ hasText: driver.email });
  await expect(item).toContainText("the driver can cancel until");
  await expect(item).toContainText("Can be carried out from");
  await expect(item.getByRole("button", { name: /Carry out/ })).toHaveCount(0);
  for (const colorScheme of ["light", "dark"] as const) {
    await supportPage.emulateMedia({ colorScheme });
    await expectNoAxeViolations(supportPage);
  }
  await supportPage.setViewportSize({ width: 360, height: 740 });
  expect(await supportPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await supportPage.setViewportSize({ width: 1280, height: 720 });

  await item.getByRole("button", { name: "Decline" }).click();
  await expect(item.getByText("Say why the request is declined")).toBeVisible();
  const reason = item.getByLabel(`Reason to decline the request of ${driver.email}`);
  await reason.fill("Please settle the open invoice first");
  await item.getByRole("button", { name: "Decline" }).click();
  await expect(
    supportPage.getByRole("status").filter({ hasText: `The request of ${driver.email} is declined` }),
  ).toBeVisible();

  const mail = await openMailboxWith(page, driver.email, "deletion request was declined");
  await mail.getByRole("link").click();
  await expect(page.getByText("Please settle the open invoice first").first()).toBeVisible();
  await page.goto("/account/privacy");
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible();
});
