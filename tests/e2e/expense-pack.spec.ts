import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { unzipSync, strFromU8 } from "fflate";
import { addMonths, zonedDate } from "../../lib/core/zoned-time";
import { pdfText } from "../support/pdf-text";
import { expectNoAxeViolations } from "./axe";
import { expect, pressEnterOn, test } from "./fixtures";
import { DEMO_DRIVER_ID, platformSessions, SECOND_DRIVER_ID } from "./platform-sessions";

/**
 * The expense pack from /sessions (driver) and /admin/users/{id} (staff): downloaded through the
 * dialog, unzipped and its PDFs read as text, then checked against the platform's own list.
 */

const LAST_MONTH = addMonths(zonedDate(new Date(), "Europe/Amsterdam").slice(0, 7), -1);

interface Pack {
  summary: string;
  receipts: Map<number, string>;
  csvIds: number[];
}

async function readPack(bytes: Uint8Array): Promise<Pack> {
  const files = unzipSync(bytes);
  const receipts = new Map<number, string>();
  for (const [name, content] of Object.entries(files)) {
    const id = /^receipts\/\d{4}-\d{2}-\d{2}-(\d+)\.pdf$/.exec(name)?.[1];
    if (id) receipts.set(Number(id), await pdfText(content));
  }
  // The first cell of each row is the session id (the location cells may hold quoted commas).
  const csvIds = strFromU8(files["sessions.csv"]!)
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => Number(line.split(",")[0]));
  return { summary: await pdfText(files["summary.pdf"]!), receipts, csvIds };
}

async function downloaded(download: Download): Promise<Pack> {
  return readPack(new Uint8Array(await readFile((await download.path())!)));
}

/** The platform's finished sessions of last month, with their totals to the Wh and the cent. */
async function lastMonthOnPlatform(page: Page, userId: number) {
  const { items } = await platformSessions(page.request, userId);
  const finished = items.filter((s) => s.status === "finished" && s.startedAtLocal.startsWith(LAST_MONTH));
  return {
    ids: finished.map((s) => s.id).sort((a, b) => a - b),
    wh: finished.reduce((sum, s) => sum + s.energy, 0),
    cents: finished.reduce((sum, s) => sum + Math.round(s.amount * 100), 0),
  };
}

const kwh = (wh: number) =>
  `${(wh / 1000).toLocaleString("en-GB", { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kWh`;
const eur = (cents: number) =>
  `EUR ${(cents / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

test("a driver downloads last month's pack with the keyboard: receipts, totals and CSV match the platform", async ({
  driverPage: page,
}) => {
  await page.goto("/sessions");
  const opener = page.getByRole("button", { name: "Download expense pack" });
  await pressEnterOn(opener);
  const dialog = page.getByRole("dialog", { name: "Download an expense pack" });
  await expect(dialog).toBeVisible();
  // Focus lands on the period's checked choice; last month is the default.
  await expect(dialog.getByRole("radio", { name: /^Last month/ })).toBeFocused();
  await expect(dialog.getByRole("radio", { name: /^Last month/ })).toBeChecked();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Download pack" })).toBeFocused();
  const downloadEvent = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(`expense-pack-${LAST_MONTH}.zip`);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "is downloaded" })).toBeVisible();

  const pack = await downloaded(download);
  const platform = await lastMonthOnPlatform(page, DEMO_DRIVER_ID);
  expect(platform.ids.length).toBeGreaterThan(0);
  expect(sorted(pack.receipts.keys())).toEqual(platform.ids);
  expect(pack.summary).toContain(`EUR ${platform.ids.length} ${kwh(platform.wh)} ${eur(platform.cents)}`);
  expect(sorted(pack.csvIds)).toEqual(sorted(pack.receipts.keys()));

  // Driver A's pack never holds driver B's sessions, whatever userId the URL names.
  const theirs = new Set((await platformSessions(page.request, SECOND_DRIVER_ID)).items.map((s) => s.id));
  const direct = await page.request.get(`/api/sessions/expense-pack?period=last-month&userId=${SECOND_DRIVER_ID}`);
  expect(direct.status()).toBe(200);
  const viaUrl = await readPack(new Uint8Array(await direct.body()));
  expect(sorted(viaUrl.receipts.keys())).toEqual(platform.ids);
  expect([...viaUrl.receipts.keys()].some((id) => theirs.has(id))).toBe(false);
});

test("a period without sessions says so in the dialog and keeps the dates typed; Escape closes it", async ({
  driverPage: page,
}) => {
  await page.goto("/sessions");
  await page.getByRole("button", { name: "Download expense pack" }).click();
  const dialog = page.getByRole("dialog", { name: "Download an expense pack" });
  await dialog.getByRole("radio", { name: "Your own dates" }).check();
  await dialog.getByLabel("First day").fill("2001-01-01");
  await dialog.getByLabel("Last day").fill("2001-01-31");
  await dialog.getByRole("button", { name: "Download pack" }).click();
  await expect(dialog.getByText("There are no finished charging sessions in this period")).toBeVisible();
  await expect(dialog.getByLabel("First day")).toHaveValue("2001-01-01");
  await expect(dialog.getByLabel("Last day")).toHaveValue("2001-01-31");

  await dialog.getByLabel("Last day").fill("2000-12-01");
  await dialog.getByRole("button", { name: "Download pack" }).click();
  await expect(dialog.getByText("The last day must be on or after the first day.")).toBeVisible();
  await expect(dialog.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Download expense pack" })).toBeFocused();
});

test("support download a driver's pack from the driver's page, and the download is audited", async ({
  supportPage: page,
}) => {
  await page.goto(`/admin/users/${SECOND_DRIVER_ID}`);
  await page.getByRole("button", { name: /^Download expense pack for/ }).click();
  const dialog = page.getByRole("dialog", { name: "Download an expense pack" });
  const downloadEvent = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download pack" }).click();
  const pack = await downloaded(await downloadEvent);
  const platform = await lastMonthOnPlatform(page, SECOND_DRIVER_ID);
  expect(sorted(pack.receipts.keys())).toEqual(platform.ids);

  await page.goto(`/admin/audit?action=driver.expense-pack.download`);
  const entry = page
    .getByRole("row")
    .filter({ hasText: String(SECOND_DRIVER_ID) })
    .first();
  await expect(entry).toContainText("Download expense pack");
});
