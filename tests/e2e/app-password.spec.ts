import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { expect, openMailboxWith, signInNewPlatformDriver, test, type EmulatorControl } from "./fixtures";

/**
 * The charging-app password follows the platform's dialect (the Playwright project's metadata). The
 * contract's platform mails a reset link ("Reset app password"); the real one (ampeco) takes a new
 * password directly: the driver types it twice, it is sent once, and the portal keeps nothing of it.
 * Staff require a new one at the next app sign-in there, and a driver they create gets the portal's
 * single-use link. Nobody ever sees a button that cannot work.
 */
function dialectOfProject(): string {
  return (test.info().project.metadata?.dialect as string | undefined) ?? "contract";
}

interface LoggedCall {
  method: string;
  path: string;
  status: number;
  bodyKeys?: string[];
}

/** The emulator's request log (method, path, status and body keys; never a value) for one user. */
async function patchesOf(emulator: EmulatorControl, userId: number): Promise<LoggedCall[]> {
  const { requestLog } = (await emulator.state()) as unknown as { requestLog: LoggedCall[] };
  return requestLog.filter((r) => r.method === "PATCH" && r.path.endsWith(`/users/v1.1/${userId}`));
}

const newPassword = (page: Page) => page.getByLabel("New app password", { exact: true });
const repeatPassword = (page: Page) => page.getByLabel("Repeat the new app password", { exact: true });

test(
  "the driver gets the app-password form that works on this platform",
  { tag: "@ampeco" },
  async ({ page, request, emulator }) => {
    const driver = await signInNewPlatformDriver(page, request, "apppw");
    await page.goto("/account/app-password");

    if (dialectOfProject() !== "ampeco") {
      await expect(page.getByRole("button", { name: "Reset app password" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Set app password", exact: true })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Set a new app password" })).toHaveCount(0);
      await expect(newPassword(page)).toHaveCount(0);
      return;
    }

    await expect(page.getByRole("heading", { name: "Set a new app password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reset app password" })).toHaveCount(0);

    // Two different passwords: refused on the second field, nothing sent; the browser keeps what was typed.
    await newPassword(page).fill("first-choice-1");
    await repeatPassword(page).fill("second-choice-2");
    await page.getByRole("button", { name: "Set app password", exact: true }).click();
    await expect(page.getByText("The two passwords do not match.")).toBeVisible();
    await expect(repeatPassword(page)).toHaveAttribute("aria-invalid", "true");
    await expect(newPassword(page)).toHaveValue("first-choice-1");
    await expect(repeatPassword(page)).toHaveValue("second-choice-2");

    // Too short: refused on the first field.
    await newPassword(page).fill("abc");
    await repeatPassword(page).fill("abc");
    await page.getByRole("button", { name: "Set app password", exact: true }).click();
    await expect(page.getByText("The app password needs at least 12 characters.")).toBeVisible();
    expect(await patchesOf(emulator, driver.id)).toEqual([]);

    const password = `chosen-${randomUUID().slice(0, 8)}`;
    await newPassword(page).fill(password);
    await repeatPassword(page).fill(password);
    await page.getByRole("button", { name: "Set app password", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your app password was changed." })).toBeVisible();
    await expect(newPassword(page)).toHaveValue("");
    await expect(repeatPassword(page)).toHaveValue("");
    expect(await page.content()).not.toContain(password);
    // Sent once, as the password alone.
    expect((await patchesOf(emulator, driver.id)).map((r) => [r.status, r.bodyKeys])).toEqual([[200, ["password"]]]);
  },
);

test(
  "staff get the app-password action the platform has",
  { tag: "@ampeco" },
  async ({ supportPage: page, emulator }) => {
    await page.goto("/admin/users/1002");
    if (dialectOfProject() !== "ampeco") {
      await expect(page.getByRole("button", { name: "Start password reset" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Require a new app password" })).toHaveCount(0);
      return;
    }
    await expect(page.getByRole("button", { name: "Start password reset" })).toHaveCount(0);
    await page.getByRole("button", { name: "Require a new app password" }).click();
    await expect(
      page.getByRole("status").filter({
        hasText:
          "The charging app will ask second.driver@example.com to choose a new app password at the next sign-in.",
      }),
    ).toBeVisible();
    expect((await patchesOf(emulator, 1002)).map((r) => r.bodyKeys)).toContainEqual(["requirePasswordReset"]);
  },
);

test("a driver created by staff sets the app password with the mailed link, once", async ({
  supportPage,
  page,
  emulator,
}) => {
  if (dialectOfProject() !== "ampeco") {
    // No such link on the contract's platform: the page does not exist there.
    const response = await page.goto(`/app-password/set?token=${"A".repeat(43)}`);
    expect(response?.status()).toBe(404);
    return;
  }
  const email = `e2e.apppw-link.${randomUUID().slice(0, 8)}@example.com`;
  await supportPage.goto("/admin/users/new");
  await supportPage.getByLabel("E-mail address").fill(email);
  await supportPage.getByLabel("First name").fill("Lina");
  await supportPage.getByLabel("Last name").fill("Link");
  await supportPage.getByLabel("Country").selectOption("NL");
  await supportPage.getByRole("button", { name: "Create driver" }).click();
  await expect(
    supportPage
      .getByRole("status")
      .filter({ hasText: "The portal mailed the driver a link to choose an app password" }),
  ).toBeVisible();
  const driverId = (await emulator.state()).users.find((u) => u.email === email)!.id;

  // The driver, signed out, opens the link from the mail.
  const row = await openMailboxWith(page, email, "Choose your charging app password");
  await row.getByRole("link").click();
  const link = (await page.getByRole("link", { name: /\/app-password\/set\?token=/ }).getAttribute("href")) as string;
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set a new app password" })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const password = `linked-${randomUUID().slice(0, 8)}`;
  await newPassword(page).fill(password);
  await repeatPassword(page).fill(password);
  await page.getByRole("button", { name: "Set app password", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your app password was set." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set app password", exact: true })).toHaveCount(0);
  expect((await patchesOf(emulator, driverId)).map((r) => [r.status, r.bodyKeys])).toEqual([[200, ["password"]]]);

  // Used once: the link now says so, with no form.
  await page.goto(link);
  await expect(page.getByText("This link was already used.")).toBeVisible();
  await expect(newPassword(page)).toHaveCount(0);
  // An edited link is no link either.
  await page.goto(link.replace(/token=./, (start) => (start.endsWith("A") ? "token=B" : "token=A")));
  await expect(page.getByText("This link is not valid.")).toBeVisible();
  await expect(newPassword(page)).toHaveCount(0);
});

/**
 * Issue 36, the smaller items: the app password needs 12 characters, not the platform's 6. Eight typed characters are
 * refused with a message naming 12, and the two fields keep what was typed; twelve or more are taken.
 */
for (const [locale, messages] of [
  ["en", en],
  ["de", de],
] as const) {
  test(
    `an 8-character app password is refused with the minimum of 12 and kept in the fields; 12 are taken (${locale})`,
    { tag: "@ampeco-only" },
    async ({ page, request, emulator }) => {
      const t = createTranslator({ locale, messages });
      const driver = await signInNewPlatformDriver(page, request, `apppw12.${locale}`);
      await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: test.info().project.use.baseURL! }]);
      await page.goto("/account/app-password");
      const first = page.getByLabel(t("appPassword.form.newPassword"), { exact: true });
      const second = page.getByLabel(t("appPassword.form.repeat"), { exact: true });
      const set = page.getByRole("button", { name: t("appPassword.form.set"), exact: true });
      await expect(first).toBeVisible();
      await expect(page.getByText(t("appPassword.form.hint", { min: 12 }))).toBeVisible();

      const eight = "abcd-123";
      await first.fill(eight);
      await second.fill(eight);
      await set.click();
      await expect(page.getByText(t("appPassword.errors.tooShort", { min: 12 }))).toBeVisible();
      await expect(first).toHaveAttribute("aria-invalid", "true");
      await expect(first).toHaveValue(eight);
      await expect(second).toHaveValue(eight);
      expect(await patchesOf(emulator, driver.id)).toEqual([]);

      // Four more characters after what was kept: twelve, taken.
      await first.press("End");
      await first.pressSequentially("wxyz");
      await second.press("End");
      await second.pressSequentially("wxyz");
      await set.click();
      await expect(page.getByRole("status").filter({ hasText: t("appPassword.changed") })).toBeVisible();
      await expect(first).toHaveValue("");
      expect((await patchesOf(emulator, driver.id)).map((r) => [r.status, r.bodyKeys])).toEqual([[200, ["password"]]]);
    },
  );
}
