import type { Page } from "@playwright/test";
import { zonedDate } from "../../lib/core/zoned-time";
import { expect, test, type EmulatorControl } from "./fixtures";

/**
 * Issue 36, problem 9: long downloads say where they are ("12 of 48 receipts"), can be cancelled, and say when they
 * are done. The platform answers slowly here (400 ms a call), as a busy one does.
 */
test.describe.configure({ timeout: 180_000 });

const LANGUAGES = [
  {
    locale: "en",
    opener: "Download expense pack",
    dialog: "Download an expense pack",
    custom: "Your own dates",
    firstDay: "First day",
    lastDay: "Last day",
    submit: "Download pack",
    receipts: /\d+ of \d+ receipts|charging sessions? read/,
    cancel: "Cancel download",
    cancelled: "The download was cancelled.",
    packDone: /Your expense pack expense-pack-.*\.zip is downloaded\./,
    csv: "Download CSV",
    csvDone: /charging-sessions-.*\.csv is downloaded\./,
  },
  {
    locale: "de",
    opener: "Spesenpaket herunterladen",
    dialog: "Ein Spesenpaket herunterladen",
    custom: "Eigener Zeitraum",
    firstDay: "Erster Tag",
    lastDay: "Letzter Tag",
    submit: "Paket herunterladen",
    receipts: /\d+ von \d+ Belegen|Ladevorg(ang|änge) gelesen/,
    cancel: "Download abbrechen",
    cancelled: "Der Download wurde abgebrochen.",
    packDone: /Ihr Spesenpaket expense-pack-.*\.zip wurde heruntergeladen\./,
    csv: "CSV herunterladen",
    csvDone: /charging-sessions-.*\.csv ist heruntergeladen\./,
  },
] as const;

async function slowPlatform(emulator: EmulatorControl) {
  await emulator.setFaults({ latencyMs: 400 });
}

test.afterEach(async ({ emulator }) => {
  await emulator.clearFaults();
});

async function inLanguage(page: Page, locale: string, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "portal-locale", value: locale, url: baseURL! }]);
}

const yearAgo = () => zonedDate(new Date(Date.now() - 365 * 86_400_000), "Europe/Amsterdam");
const today = () => zonedDate(new Date(), "Europe/Amsterdam");

for (const words of LANGUAGES) {
  test(`${words.locale}: a year's expense pack shows its receipts being written, can be cancelled, and says when it is done`, async ({
    driverPage: page,
    emulator,
    baseURL,
  }) => {
    await inLanguage(page, words.locale, baseURL);
    await slowPlatform(emulator);
    await page.goto("/sessions");
    await page.getByRole("button", { name: words.opener }).click();
    const dialog = page.getByRole("dialog", { name: words.dialog });
    await dialog.getByRole("radio", { name: words.custom }).check();
    await dialog.getByLabel(words.firstDay).fill(yearAgo());
    await dialog.getByLabel(words.lastDay).fill(today());

    // First try: cancelled while the server works. It says so, and the dialog keeps the dates typed.
    await dialog.getByRole("button", { name: words.submit }).click();
    await expect(dialog.getByRole("status").filter({ hasText: words.receipts })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole("progressbar")).toBeVisible();
    await dialog.getByRole("button", { name: words.cancel }).click();
    await expect(dialog.getByRole("status").filter({ hasText: words.cancelled })).toBeVisible();
    await expect(dialog.getByRole("button", { name: words.cancel })).toHaveCount(0);
    await expect(dialog.getByLabel(words.firstDay)).toHaveValue(yearAgo());

    // Second try: the receipts are counted as they are written ("12 of 48"), then the file is offered.
    const downloadEvent = page.waitForEvent("download", { timeout: 150_000 });
    await dialog.getByRole("button", { name: words.submit }).click();
    const receipts = dialog.getByRole("status").filter({ hasText: /\d+ (of|von) \d+/ });
    await expect(receipts).toBeVisible({ timeout: 60_000 });
    const [done, total] = ((await receipts.textContent()) ?? "").match(/\d+/g)!.map(Number);
    expect(done).toBeLessThanOrEqual(total!);
    expect(total).toBeGreaterThan(20);
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^expense-pack-.*\.zip$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: words.packDone })).toBeVisible();
  });

  test(`${words.locale}: the sessions CSV link shows it is working and says when the file is downloaded`, async ({
    driverPage: page,
    emulator,
    baseURL,
  }) => {
    await inLanguage(page, words.locale, baseURL);
    await slowPlatform(emulator);
    await page.goto("/sessions");
    const downloadEvent = page.waitForEvent("download", { timeout: 60_000 });
    await page.getByRole("link", { name: words.csv }).click();
    // Feedback at once, while the platform is still answering.
    await expect(page.getByRole("progressbar")).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("button", { name: words.cancel })).toBeVisible();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^charging-sessions-.*\.csv$/);
    await expect(page.getByRole("status").filter({ hasText: words.csvDone })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
}
