import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  createPlatformCard,
  expect,
  platformCardPath,
  signInNewPlatformDriver,
  test,
  type EmulatorControl,
} from "./fixtures";
import { expectAccessibleInBothSchemes } from "./axe";

/** A driver of its own per test (cards change irreversibly), created on the platform and signed in. */
function signInFreshDriver(page: Page, request: APIRequestContext, tag: string) {
  return signInNewPlatformDriver(page, request, `cards.${tag}`, { first_name: "Cary", last_name: "Cards" });
}

/** A card made on the platform directly (as support or the app would), unique per test. */
async function linkCard(request: APIRequestContext, userId: number, status: "active" | "blocked" = "active") {
  const code = `E2E${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  return createPlatformCard(request, { userId, code, visualNumber: `NL-E2E-${code.slice(3, 9)}`, status });
}

async function tokenStatus(emulator: EmulatorControl, id: number) {
  return (await emulator.state()).tokens.find((t) => t.id === id)?.status;
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("the demo driver sees their own cards with status badges, and no one else's", async ({ driverPage }) => {
  await driverPage.goto("/cards");
  const table = driverPage.getByRole("table", { name: "Your charging cards" });
  await expect(table.getByRole("row")).toHaveCount(4); // header + 3 cards
  await expect(rowOf(driverPage, "NL-DPT-000123-4")).toContainText("04A1B2C3D4E5F6");
  await expect(rowOf(driverPage, "NL-DPT-000123-4")).toContainText("Active");
  await expect(rowOf(driverPage, "NL-DPT-000077-1")).toContainText("Blocked");
  // A blocked card offers no block button.
  await expect(rowOf(driverPage, "NL-DPT-000077-1").getByRole("button")).toHaveCount(0);
  await expect(driverPage.getByText("04123456789ABC")).toHaveCount(0);
});

test(
  "add a card (normalised code), then block it after confirming",
  { tag: "@ampeco" },
  async ({ page, request, emulator }) => {
    const driver = await signInFreshDriver(page, request, "addblock");
    await page.goto("/cards");
    await expect(page.getByText("No cards yet")).toBeVisible();

    const suffix = randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase();
    const code = `04${suffix}`;
    await page.getByLabel("Card code").fill(` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `);
    await page.getByLabel("Printed number").fill(`NL-NEW-${suffix}`);
    await page.getByRole("button", { name: "Add card" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Card NL-NEW-${suffix} was added` })).toBeVisible();
    const row = rowOf(page, `NL-NEW-${suffix}`);
    await expect(row).toContainText(code);
    await expect(row).toContainText("Active");
    const token = (await emulator.state()).tokens.find((t) => t.code === code);
    expect(token).toMatchObject({ userId: driver.id, status: "active", visualNumber: `NL-NEW-${suffix}` });
    await expect(page.getByLabel("Card code")).toHaveValue("");

    // Escape cancels: nothing changes and focus returns to the button.
    const blockButton = row.getByRole("button", { name: `Block card NL-NEW-${suffix}` });
    await blockButton.click();
    const dialog = page.getByRole("dialog", { name: `Block card NL-NEW-${suffix}?` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(blockButton).toBeFocused();
    expect(await tokenStatus(emulator, token!.id)).toBe("active");

    // Keyboard only: open, confirm.
    await blockButton.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Block card" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Blocked");
    await expect(row.getByRole("status")).toHaveText(
      `Card NL-NEW-${suffix} is now blocked. It no longer works at charge points.`,
    );
    await expect(row.getByRole("status")).toBeFocused();
    expect(await tokenStatus(emulator, token!.id)).toBe("blocked");
  },
);

test(
  "a code already linked to another account gives a clear error and keeps the input",
  { tag: "@ampeco" },
  async ({ page, request, emulator }) => {
    await signInFreshDriver(page, request, "taken");
    await page.goto("/cards");
    await page.getByLabel("Card code").fill("04 1234 5678 9abc");
    await page.getByLabel("Printed number").fill("MY-CARD-1");
    await page.getByRole("button", { name: "Add card" }).click();
    await expect(page.getByText("This card is already linked to another account.")).toBeVisible();
    await expect(page.getByLabel("Card code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Card code")).toHaveValue("04 1234 5678 9abc");
    await expect(page.getByLabel("Printed number")).toHaveValue("MY-CARD-1");
    expect((await emulator.state()).tokens.filter((t) => t.code === "04123456789ABC")).toHaveLength(1);

    await page.getByLabel("Card code").fill("a b");
    await page.getByRole("button", { name: "Add card" }).click();
    await expect(page.getByText("A card code has 4 to 32 letters or digits")).toBeVisible();
  },
);

test("security: driver A cannot block driver B's card, even with a tampered card id", async ({
  page,
  request,
  emulator,
}) => {
  const driverA = await signInFreshDriver(page, request, "tamper");
  const own = await linkCard(request, driverA.id);
  const secondDriversCard = 2004;
  expect(await tokenStatus(emulator, secondDriversCard)).toBe("active");

  await page.goto("/cards");
  await rowOf(page, own.visualNumber)
    .getByRole("button", { name: `Block card ${own.visualNumber}` })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog
    .locator('input[name="cardId"]')
    .evaluate((input: HTMLInputElement, id) => (input.value = String(id)), secondDriversCard);
  await dialog.getByRole("button", { name: "Block card" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That card is not on your account, so it was not changed.");

  expect(await tokenStatus(emulator, secondDriversCard)).toBe("active");
  expect(await tokenStatus(emulator, own.id)).toBe("active");
  const { requestLog } = await emulator.state();
  expect(requestLog.filter((r) => r.method === "PATCH" && r.path === platformCardPath(secondDriversCard))).toEqual([]);
});

test("/cards passes axe (WCAG 2.1 AA) in light and dark schemes, with the dialog open, and fits 360 px", async ({
  page,
  request,
}) => {
  const driver = await signInFreshDriver(page, request, "axe");
  const card = await linkCard(request, driver.id);
  await linkCard(request, driver.id, "blocked");
  await expectAccessibleInBothSchemes(
    page,
    "/cards",
    page.getByRole("table", { name: "Your charging cards" }),
    async () => {
      await page.getByRole("button", { name: `Block card ${card.visualNumber}` }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
    () => page.keyboard.press("Escape"),
  );
});
