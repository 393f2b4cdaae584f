import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  createPlatformCard,
  expect,
  pressEnterOn,
  reloadPage,
  signInNewPlatformDriver,
  test,
  type EmulatorControl,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";

/** A driver of their own with one active card, made on the platform directly, signed in on /cards. */
async function driverWithCard(page: Page, request: APIRequestContext, tag: string) {
  const driver = await signInNewPlatformDriver(page, request, `pause.${tag}`, {
    first_name: "Pia",
    last_name: "Pause",
  });
  const code = `PA${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  const printed = `NL-PA-${code.slice(2, 8)}`;
  const card = await createPlatformCard(request, {
    userId: driver.id,
    code,
    visualNumber: printed,
    status: "active",
  });
  await page.goto("/cards");
  return { driver, card, printed, row: page.getByRole("row").filter({ hasText: printed }) };
}

async function statusOnPlatform(emulator: EmulatorControl, id: number) {
  return (await emulator.state()).tokens.find((t) => t.id === id)?.status;
}

test("a driver pauses a card and resumes it, by keyboard; the platform follows each time", async ({
  page,
  request,
  emulator,
}) => {
  const { card, printed, row } = await driverWithCard(page, request, "cycle");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("You can resume it any time.");

  const pause = row.getByRole("button", { name: `Pause card ${printed}` });
  await pressEnterOn(pause);
  await expect(row).toContainText("Paused");
  await expect(row).toContainText(/Paused by you on \d{1,2} \w{3} \d{4}/);
  await expect(row.getByRole("status").filter({ hasText: "is paused" })).toHaveText(
    `Card ${printed} is paused. It does not work at charge points until it is resumed.`,
  );
  expect(await statusOnPlatform(emulator, card.id)).toBe("inactive");
  await expectNoAxeViolations(page);

  const resume = row.getByRole("button", { name: `Resume card ${printed}` });
  await expect(resume).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("button", { name: `Pause card ${printed}` })).toBeVisible();
  await expect(row).toContainText(/Resumed by you on/);
  expect(await statusOnPlatform(emulator, card.id)).toBe("active");
});

test("a blocked card offers no resume: only support can unblock it, and staff see who paused or blocked", async ({
  page,
  request,
  emulator,
  supportPage,
}) => {
  const { driver, card, printed, row } = await driverWithCard(page, request, "blocked");
  await row.getByRole("button", { name: `Pause card ${printed}` }).click();
  await expect(row).toContainText("Paused by you");

  await supportPage.goto(`/admin/users/${driver.id}`);
  const staffRow = supportPage.getByRole("row").filter({ hasText: printed });
  await expect(staffRow).toContainText("Paused by the driver on");

  // The driver blocks it (lost): no pause or resume is offered any more.
  await row.getByRole("button", { name: `Block card ${printed}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Block card" }).click();
  await expect(row).toContainText("Blocked");
  await expect(row).toContainText("Only support can unblock a blocked card.");
  await expect(row.getByRole("button")).toHaveCount(0);
  expect(await statusOnPlatform(emulator, card.id)).toBe("blocked");

  // Staff read who blocked it and unblock it; the driver's list shows it active again.
  await supportPage.reload();
  await expect(staffRow).toContainText("Blocked by the driver on");
  await staffRow.getByRole("button", { name: `Unblock card ${printed}` }).click();
  await expect(staffRow).toContainText("Active");
  await expect(staffRow).toContainText("Resumed by support@example.com on");
  expect(await statusOnPlatform(emulator, card.id)).toBe("active");
  await reloadPage(page);
  await expect(row.getByRole("button", { name: `Pause card ${printed}` })).toBeVisible();
  await expect(row).toContainText("Resumed by support on");
});
