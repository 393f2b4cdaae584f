import type { Page } from "@playwright/test";
import {
  expect,
  openMailboxWith,
  pressEnterOn,
  reloadPage,
  signInElsewhere,
  signInNewPlatformDriver,
  test,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const NOTICE = "New sign-in to your Driver Portal account";

/** The account page's "Signed-in devices" card. */
function deviceCard(page: Page) {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "Signed-in devices" }) });
}

test("two browsers are two devices; signing one out from the other ends only that one, by keyboard", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const driver = await signInNewPlatformDriver(page, request, "devices");
  const firefox = await signInElsewhere(browser, baseURL, driver.email, FIREFOX_MAC);

  await page.goto("/account/security");
  const devices = deviceCard(page).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText("Chrome on Windows");
  await expect(devices.first()).toContainText("This device");
  await expect(devices.nth(1)).toContainText("Firefox on macOS");
  await expect(devices.nth(1)).not.toContainText("This device");
  await expect(page.getByText("never the full browser identification, never your IP address")).toBeVisible();

  const signOutFirefox = page.getByRole("button", { name: /^Sign out this device Firefox on macOS/ });
  await pressEnterOn(signOutFirefox);
  const status = page.getByRole("status").filter({ hasText: "Firefox on macOS is signed out." });
  await expect(status).toBeVisible();
  // The row is gone with its button: the focus moves to the outcome above the list.
  await expect(page.locator(":focus")).toContainText("Firefox on macOS is signed out.");
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText("This device");

  // Only the other browser lost its sign-in.
  await firefox.page.goto("/account");
  await expect(firefox.page).toHaveURL(/\/signin/);
  await reloadPage(page);
  await expect(page).toHaveURL(/\/account\/security$/);
  await firefox.context.close();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
});

test("a new browser mails the driver a notice with the time and device, unless switched off", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const driver = await signInNewPlatformDriver(page, request, "notice");
  const notices = () => page.getByRole("row").filter({ hasText: driver.email }).filter({ hasText: NOTICE });

  const firefox = await signInElsewhere(browser, baseURL, driver.email, FIREFOX_MAC);
  await firefox.context.close();
  const row = await openMailboxWith(page, driver.email, NOTICE);
  await row.getByRole("link").click();
  await expect(page.getByText(/signed in on .+ from Firefox on macOS/).first()).toBeVisible();
  await page.goto("/dev/mailbox");
  await expect(notices()).toHaveCount(1);

  await page.goto("/account/notifications");
  const box = page.getByRole("checkbox", {
    name: /E-mail me when a browser not used with this account before signs in/,
  });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "You will no longer get an e-mail when a new browser signs in." }),
  ).toBeVisible();

  const safari = await signInElsewhere(browser, baseURL, driver.email, SAFARI_IPHONE);
  await safari.page.goto("/account/security");
  await expect(
    deviceCard(safari.page)
      .getByRole("listitem")
      .filter({ has: safari.page.getByText("This device", { exact: true }) }),
  ).toContainText("Mobile Safari on iOS");
  await safari.context.close();
  await page.goto("/dev/mailbox");
  await expect(notices()).toHaveCount(1);
  await page.goto("/account/notifications");
  await expect(box).not.toBeChecked();
  // One form: the receipt switch, left ticked, stayed on.
  await expect(page.getByRole("checkbox", { name: /Mail me a receipt when a charging session ends/ })).toBeChecked();
});
