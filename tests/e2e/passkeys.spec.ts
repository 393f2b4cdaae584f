import { expectNoAxeViolations } from "./axe";
import { expect, openMailboxWith, pressEnterOn, signInNewPlatformDriver, test } from "./fixtures";
import { addVirtualAuthenticator } from "./passkey-authenticator";

test("a driver's passkey cycle: sign in by link, add a passkey, sign out, sign in with it, remove it", async ({
  page,
  request,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const driver = await signInNewPlatformDriver(page, request, "passkey");
  await page.goto("/account/security");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Passkeys", exact: true }) });
  await expect(card.getByText("No passkeys yet.")).toBeVisible();

  await card.getByLabel("Name for a new passkey (optional)").fill("Test laptop");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(card.getByRole("status").getByText("The passkey “Test laptop” was added.")).toBeVisible();
  const list = card.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Test laptop");
  await expect(list).toContainText("not used yet");
  expect(await authenticator.credentialCount()).toBe(1);
  await openMailboxWith(page, driver.email, "A passkey was added to your Driver Portal account");

  await page.goto("/account/security");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });

  // Signing out lands on /signin, which offers the passkey in the e-mail field's suggestions
  // (conditional UI); Chromium's virtual authenticator picks it at once, as a driver choosing the
  // suggested passkey would, and the driver is back on /account.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/account/security");
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("last used");

  // Keyboard only: open the question, confirm, and the e-mail link is named as the way back in.
  await pressEnterOn(page.getByRole("button", { name: "Remove Test laptop" }));
  await expectNoAxeViolations(page);
  await pressEnterOn(page.getByRole("button", { name: "Yes, remove it" }));
  const removed = page.getByRole("status").filter({
    hasText: "The passkey “Test laptop” was removed. You can still sign in with an e-mail link.",
  });
  await expect(removed).toBeVisible();
  // The row and its button are gone: the focus is on the message, not lost to the page.
  await expect(removed).toBeFocused();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await openMailboxWith(page, driver.email, "A passkey was removed from your Driver Portal account");
});

test("/signin offers a passkey next to the e-mail link, axe-clean in both schemes", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("autocomplete", "email webauthn");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
});

test("/signin says nothing about passkeys before the driver asks, where the browser refuses the offer", async ({
  page,
}) => {
  // No authenticator: the browser turns the page's quiet offer in the e-mail field down at once, as a browser without
  // passkeys does. The driver did nothing, so the page shows no error.
  await page.goto("/signin");
  await expect(page.locator("[data-passkey-offer='closed']")).toHaveCount(1);
  await expect(page.getByText("Your browser could not use a passkey here")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
});
