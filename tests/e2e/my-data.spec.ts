import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expectNoAxeViolations } from "./axe";
import {
  createPlatformCard,
  dialectOf,
  expect,
  pressEnterOn,
  SECOND_DRIVER,
  signInNewPlatformDriver,
  test,
} from "./fixtures";

test("'Download my data' saves a ZIP of the driver's own data, by keyboard", async ({ page, request }) => {
  const driver = await signInNewPlatformDriver(page, request, "mydata", { first_name: "Mia", last_name: "Data" });
  await createPlatformCard(request, {
    userId: driver.id,
    code: `MD${driver.id}AB12`,
    visualNumber: `NL-MD-${driver.id}`,
    status: "active",
  });
  await page.goto("/account/privacy");
  const link = page.getByRole("link", { name: "Download my data" });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^driver-portal-data-\d{4}-\d{2}-\d{2}\.zip$/);

  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const text = (name: string) => strFromU8(files[name]!);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["README.txt", "portal/account.json", "platform/profile.json", "platform/cards.json"]),
  );
  expect(JSON.parse(text("platform/profile.json"))).toMatchObject({
    id: driver.id,
    email: driver.email,
    firstName: "Mia",
  });
  expect(JSON.parse(text("platform/cards.json"))).toEqual([
    expect.objectContaining({ visualNumber: `NL-MD-${driver.id}` }),
  ]);
  expect(JSON.parse(text("portal/account.json"))).toMatchObject({ email: driver.email, role: "driver" });
  expect(JSON.parse(text("portal/devices.json")).signedInNow).toHaveLength(1);
  expect(JSON.parse(text("platform/sessions.json"))).toEqual([]);
  expect(
    Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n"),
  ).not.toContain(SECOND_DRIVER);

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
});

test(
  "the charging service's own export is offered on the real platform only, and its link holds the driver's own data",
  { tag: "@ampeco" },
  async ({ page, request }) => {
    const driver = await signInNewPlatformDriver(page, request, "platformexport", { first_name: "Pia" });
    await page.goto("/account/privacy");
    const ask = page.getByRole("button", { name: "Ask the charging service for my data" });
    if (dialectOf() === "contract") {
      // The contract has no export of its own: "Download my data" is the whole offer.
      await expect(page.getByRole("link", { name: "Download my data" })).toBeVisible();
      await expect(ask).toHaveCount(0);
      return;
    }
    await pressEnterOn(ask);
    await expect(page.getByRole("status").getByText("The link works for 24 hours.")).toBeVisible();
    const link = page.getByRole("link", { name: "Download the charging service’s export" });
    await expect(link).toHaveAttribute("href", new RegExp(`/api/emulator/exports/users/${driver.id}/`));
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe(`private-data-${driver.id}.json`);
    const text = readFileSync((await download.path())!, "utf8");
    expect(JSON.parse(text).user).toMatchObject({ email: driver.email, firstName: "Pia" });
    expect(text).not.toContain(SECOND_DRIVER);
    await expect(page.getByRole("button", { name: "Ask for a new link" })).toBeVisible();

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }
  },
);

test("the data export answers signed-out requests with 401 and no data", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get("/api/account/data-export");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).not.toContain("zip");
  await anonymous.dispose();
});
