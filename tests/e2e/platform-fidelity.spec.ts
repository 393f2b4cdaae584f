import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import {
  createPlatformDriver,
  expect,
  PLATFORM_API,
  PLATFORM_AUTH,
  signInNewPlatformDriver,
  test,
  type EmulatorControl,
} from "./fixtures";

/**
 * Issue 24: the journeys that a tenant stricter than the old emulator would have broken. The real
 * platform's behaviour is switched on through the emulator's settings (restored after each test).
 */

/** A tag provisioned on the platform before it is handed out: no user. */
async function provisionTag(request: APIRequestContext) {
  const uid = `04C0${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  const response = await request.post(`${PLATFORM_API}/id-tags/v2.0`, {
    headers: PLATFORM_AUTH,
    data: { idTagUid: uid, idLabel: `NL-PRE-${uid.slice(4, 10)}`, status: "enabled", type: "rfid" },
  });
  expect(response.status()).toBe(201);
  return { id: Number((await response.json()).data.id), uid };
}

async function withSettings(emulator: EmulatorControl, settings: Record<string, unknown>, run: () => Promise<void>) {
  await emulator.call("PUT", "/settings", settings);
  try {
    await run();
  } finally {
    await emulator.call("PUT", "/settings", {});
  }
}

test("a driver claims a pre-provisioned card by its UID @ampeco-only", async ({ page, request, emulator }) => {
  const tag = await provisionTag(request);
  const driver = await signInNewPlatformDriver(page, request, "claim", { first_name: "Cleo", last_name: "Claim" });
  await page.goto("/cards");
  await page.getByLabel("Card code").fill(tag.uid);
  await page.getByLabel("Printed number").fill("MY-FIRST-CARD");
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Card MY-FIRST-CARD was added" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "MY-FIRST-CARD" })).toContainText(tag.uid);
  const links = (await emulator.state()).tokens.filter((t) => t.code === tag.uid);
  expect(links).toEqual([expect.objectContaining({ id: tag.id, userId: driver.id, status: "active" })]);
});

test("staff find an unassigned tag and link it @ampeco-only", async ({ supportPage, request, emulator }) => {
  const tag = await provisionTag(request);
  const driver = await createPlatformDriver(request, "unassigned");
  await supportPage.goto(`/admin/users?by=card&q=${tag.uid}`);
  const row = supportPage.getByRole("row").filter({ hasText: tag.uid });
  await expect(row).toContainText("No driver yet");
  await expect(row).toContainText("Active");

  await supportPage.goto(`/admin/users/${driver.id}`);
  const cards = supportPage
    .locator("section")
    .filter({ has: supportPage.getByRole("heading", { name: "Cards", exact: true }) });
  await cards.getByLabel("Card code").fill(tag.uid);
  await cards.getByLabel("Printed number").fill("NL-LINKED-1");
  await cards.getByRole("button", { name: "Link card" }).click();
  await expect(cards.getByRole("status").filter({ hasText: "Card NL-LINKED-1 was linked" })).toBeVisible();
  const links = (await emulator.state()).tokens.filter((t) => t.code === tag.uid);
  expect(links).toEqual([expect.objectContaining({ id: tag.id, userId: driver.id })]);
});

test("the session list renders when charge-point reads are refused @ampeco-only", async ({ driverPage, emulator }) => {
  await withSettings(emulator, { forbiddenResources: ["charge-points", "locations"] }, async () => {
    await driverPage.goto("/sessions");
    await expect(driverPage.getByRole("heading", { level: 1, name: "Charging sessions" })).toBeVisible();
    await expect(driverPage.locator("tr[data-session-id]")).toHaveCount(25);
  });
});

test("sessions come back in the right order from a platform that does not send them newest first @ampeco-only", async ({
  page,
  request,
  emulator,
}) => {
  const driver = await signInNewPlatformDriver(page, request, "order");
  const days = [40, 20, 30, 10];
  const ids: Array<{ id: number; day: number }> = [];
  for (const day of days) {
    const startedAt = new Date(Date.now() - day * 86_400_000).toISOString();
    const added = await emulator.call<{ data: Array<{ id: number }> }>("POST", `/users/${driver.id}/sessions`, {
      startedAt,
    });
    ids.push({ id: added.data[0]!.id, day });
  }
  await withSettings(emulator, { sessionOrder: "id-ascending" }, async () => {
    await page.goto("/sessions");
    const shown = await page
      .locator("tr[data-session-id]")
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-session-id"))));
    expect(shown).toEqual([...ids].sort((a, b) => a.day - b.day).map((s) => s.id));
  });
});

test("the balance is not available for a partner without the option @ampeco-only", async ({
  page,
  request,
  emulator,
}) => {
  await withSettings(
    emulator,
    { partners: [{ id: 1116, name: "Driver Portal", createUsers: true, addUserBalance: false }] },
    async () => {
      await signInNewPlatformDriver(page, request, "nobalance");
      const balance = page.getByTestId("balance");
      await expect(balance).toContainText("Balance not available");
      await expect(balance).not.toContainText("0.00");
    },
  );
});

test("a tenant whose session ids are not digits: the list, a session's page and its CSV @ampeco-only", async ({
  driverPage,
  emulator,
}) => {
  await withSettings(emulator, { sessionIds: "uuid" }, async () => {
    await driverPage.goto("/sessions");
    const first = driverPage.locator("tr[data-session-id]").first();
    const id = await first.getAttribute("data-session-id");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    await first.getByRole("link").click();
    await expect(driverPage).toHaveURL(new RegExp(`/sessions/${id}$`));
    await expect(driverPage.getByRole("heading", { level: 1, name: "Charging session" })).toBeVisible();
    await expect(driverPage.getByRole("definition").filter({ hasText: id! })).toBeVisible();
    const csv = await driverPage.request.get(`/api/sessions/${id}/export`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split("\r\n")[1]).toMatch(new RegExp(`^${id},`));
  });
});
