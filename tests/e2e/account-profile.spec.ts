import { expect, expectHydrated, signInNewPlatformDriver, test } from "./fixtures";

test("the overview's cards that need no account read are on screen while the platform is still answering; the greeting follows", async ({
  page,
  request,
  emulator,
}) => {
  const driver = await signInNewPlatformDriver(page, request, "account.stream", { first_name: "Sten" });
  // One slow account read, under the e2e platform timeout (2.5 s), so it is answered, late.
  await emulator.setFaults({ rules: [{ method: "GET", path: `/users/v1\\.1/${driver.id}$`, delayMs: 2000 }] });
  try {
    await page.goto("/account", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { name: "Charging cards" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
    // Still waiting for the platform: the heading is the page's own, the details are not there yet.
    expect(await page.getByRole("heading", { name: "Hello, Sten" }).count()).toBe(0);
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Sten" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  } finally {
    await emulator.clearFaults();
  }
});

test(
  "the country select lists every country, takes a choice by keyboard and saves its code; a code from outside the list is refused, keeps what was typed and sends nothing",
  { tag: "@ampeco" },
  async ({ page, request, emulator }) => {
    const driver = await signInNewPlatformDriver(page, request, "account.country");
    await page.goto("/account/profile");
    const country = page.getByLabel("Country");
    await expect(country).toHaveValue("NL");
    await expect(country.locator("option:checked")).toHaveText("Netherlands");
    await expect(country.locator("option")).toHaveCount(249);

    await expectHydrated(country);
    await country.focus();
    await page.keyboard.type("Belgium");
    await expect(country).toHaveValue("BE");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved your country." })).toBeVisible();
    expect((await emulator.user(driver.id)).country).toBe("BE");
    await expect(country).toHaveValue("BE");

    const before = await emulator.user(driver.id);
    await page.getByLabel("City").fill("Gent");
    // A crafted post: a country code that is not in the list.
    await country.evaluate((select: HTMLSelectElement) => {
      select.add(new Option("Atlantis", "XX"));
      select.value = "XX";
    });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Choose your country from the list.")).toBeVisible();
    await expect(country).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("City")).toHaveValue("Gent");
    expect(await emulator.user(driver.id)).toEqual(before);
  },
);
