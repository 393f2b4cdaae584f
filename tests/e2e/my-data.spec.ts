import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expectNoAxeViolations } from "./axe";
import { createPlatformCard, expect, SECOND_DRIVER, signInNewPlatformDriver, test } from "./fixtures";

test("'Download my data' saves a ZIP of the driver's own data, by keyboard", async ({ page, request }) => {
  const driver = await signInNewPlatformDriver(page, request, "mydata", { first_name: "Mia", last_name: "Data" });
  await createPlatformCard(request, {
    userId: driver.id,
    code: `MD${driver.id}AB12`,
    visualNumber: `NL-MD-${driver.id}`,
    status: "active",
  });
  await page.goto("/account");
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

test("the data export answers signed-out requests with 401 and no data", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get("/api/account/data-export");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).not.toContain("zip");
  await anonymous.dispose();
});
