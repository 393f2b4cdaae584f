import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import { START_REFUSAL_CODES } from "../../lib/platform/start-refusal-codes";
import { pdfText } from "../support/pdf-text";
import {
  createPlatformDriver,
  escapeRegExp,
  expect,
  expectHydrated,
  latestSignInLink,
  redeemVoucher,
  signInByEmail,
  signInElsewhere,
  test,
  type EmulatorControl,
  type FreshDriver,
} from "./fixtures";

/**
 * Issue 38, charging from the browser (ampeco): start from a charge point's page, watch the energy rise, stop from any
 * device; each refusal in words; one session from two tabs; another driver's session stays out of reach; support's
 * forced stop is audited. Each journey charges on a spot of its own, so they can run side by side.
 */
const spot = (evse: number) => `/charge/NL*DPT*E${evse}`;

/** A fresh driver with `euros` on the balance, from a voucher the driver redeems on /vouchers. */
async function topUp(page: Page, emulator: EmulatorControl, euros: number) {
  const code = `CHARGE${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  await emulator.createVoucher({ code, amount: euros });
  await page.goto("/vouchers");
  await redeemVoucher(page, code);
  await expect(page.getByTestId("balance")).toContainText(`€${euros}.00`, { timeout: 15_000 });
}

async function signedInWithBalance(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
  emulator: EmulatorControl,
  tag: string,
) {
  const driver = await createPlatformDriver(request, tag);
  await signInByEmail(page, driver.email);
  await expect(page).toHaveURL(/\/account$/);
  await topUp(page, emulator, 20);
  return driver;
}

/** A spot's card on its charge point's page (which lists every spot of the charge point). */
const spotCard = (page: Page, evse: number) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`E${evse}$`) }) });

/** Start, then the question with the price once more, then "Start now" (the trigger works once hydrated). */
async function pressStart(scope: Locator, words = { start: "Start charging", confirm: "Start now" }) {
  const trigger = scope.getByRole("button", { name: words.start });
  await expectHydrated(trigger);
  await trigger.click();
  await scope.getByRole("button", { name: words.confirm }).click();
}

/** Starts on `evse` from its page as the driver chose by default, and waits for the session's page. */
async function startOn(page: Page, evse: number, words?: { start: string; confirm: string }) {
  await page.goto(spot(evse));
  await pressStart(spotCard(page, evse), words);
  await expect(page).toHaveURL(/\/sessions\/\d+\?notice=started$/);
}

const runningOf = async (emulator: EmulatorControl, driver: FreshDriver) => {
  const state = await emulator.call<{ runningSessions: { id: number; userId: number }[] }>("GET", "/state");
  return state.runningSessions.filter((s) => s.userId === driver.id);
};

/** The figure under "Energy so far" on a running session's page, in kWh. */
async function energySoFar(page: Page): Promise<number> {
  const text = await page.getByTestId("live-energy").innerText();
  return Number(text.replace(/[^\d.,]/g, "").replace(",", "."));
}

test(
  "from a QR link signed out, at 360 px: sign in, back on the page, the price, start on the balance, the energy rises, stop",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const driver = await createPlatformDriver(request, "charge.start");
    await page.goto(spot(50202));
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spot NL*DPT*E50202" }) });
    await card.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("E-mail address").fill(driver.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.goto(await latestSignInLink(page, driver.email));
    await expect(page).toHaveURL(/\/charge\/NL\*DPT\*E50202$/);
    // A new driver has nothing to pay with yet: the balance is €0.00.
    await topUp(page, emulator, 20);
    await page.goto(spot(50202));

    await expect(card.getByText("€0.55 per kWh").first()).toBeVisible();
    const start = card.getByRole("region", { name: "Start charging here" });
    await expect(start.getByRole("radio", { name: "Your balance (€20.00)" })).toBeChecked();
    const trigger = start.getByRole("button", { name: "Start charging" });
    await expectHydrated(trigger);
    await trigger.click();
    // The price once more, before the start is sent.
    await expect(start.getByText(/^You pay €0\.55 per kWh; €0\.49 to start; .+ Start now\?$/)).toBeVisible();
    const pressed = Date.now();
    await start.getByRole("button", { name: "Start now" }).click();

    await expect(page).toHaveURL(/\/sessions\/\d+\?notice=started$/);
    await expect(page.getByText("Your charge is starting.")).toBeVisible();
    await expect.poll(() => energySoFar(page), { timeout: 40_000 }).toBeGreaterThan(0);
    // For docs/quality.md: from Start to the first energy figure, the emulator's 10 s of preparing included.
    test
      .info()
      .annotations.push({ type: "start to first energy figure (ms)", description: String(Date.now() - pressed) });
    const first = await energySoFar(page);
    await expect.poll(() => energySoFar(page), { timeout: 20_000 }).toBeGreaterThan(first);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: "Stop charging" }).click();
    await expect(page.getByText("Charging finished").or(page.getByText("Stopping: the charge point"))).toBeVisible();
    await expect.poll(() => runningOf(emulator, driver)).toEqual([]);
    await expect(page.getByRole("button", { name: "Stop charging" })).toHaveCount(0);

    // The receipt: its VAT split adds up to the amount the session's page shows.
    await page.goto(new URL(page.url()).pathname);
    const amount = await page
      .locator("dt", { hasText: /^Amount$/ })
      .locator("xpath=following-sibling::dd[1]")
      .innerText();
    const downloadEvent = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download receipt (PDF)" }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^receipt-charging-session-\d+\.pdf$/);
    const receipt = await pdfText(new Uint8Array(await readFile((await download.path())!)));
    const euros = (label: string) => Number(new RegExp(`${label}\\s*€([\\d.]+)`).exec(receipt)?.[1]);
    expect(receipt).toContain("Driver Portal B.V.");
    expect(euros("Total paid")).toBe(Number(amount.replace("€", "")));
    expect(euros("Total without VAT") + euros("(?<!without )VAT")).toBeCloseTo(euros("Total paid"), 2);
    expect(euros("(?<!without )VAT")).toBeGreaterThan(0);

    // The charging service's own numbered receipt, passed on by the portal under the portal's address.
    const platformEvent = page.waitForEvent("download");
    await page.getByRole("link", { name: "Receipt from the charging service (PDF)" }).click();
    const platformReceipt = await platformEvent;
    expect(platformReceipt.url()).toMatch(/\/api\/sessions\/\d+\/platform-receipt$/);
    expect(platformReceipt.suggestedFilename()).toMatch(/^receipt-RC-\d{4}-\d{7}\.pdf$/);
    const platformText = await pdfText(new Uint8Array(await readFile((await platformReceipt.path())!)));
    expect(platformText).toContain(`Total ${amount.replace("€", "")} EUR`);
  },
);

for (const locale of ["nl", "en"] as const) {
  test(
    `in ${locale === "nl" ? "Dutch" : "English"}, each refusal the platform documents gives its own sentence, and no session starts`,
    { tag: "@ampeco-only" },
    async ({ page, request, baseURL, emulator }) => {
      const catalogue = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")).charging.start;
      const words = catalogue.refused as Record<string, string>;
      const buttons = { start: catalogue.submit as string, confirm: catalogue.confirmSubmit as string };
      // Starts count against the driver's limit as shipped (10 per 15 minutes): eight refusals per driver.
      const forced: (string | null)[] = [...START_REFUSAL_CODES, null];
      for (let first = 0; first < forced.length; first += 8) {
        const driver = await createPlatformDriver(request, "charge.refused");
        await page.context().clearCookies();
        await signInByEmail(page, driver.email);
        await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
        await page.goto(spot(50101));
        const start = spotCard(page, 50101).getByRole("region", { name: catalogue.heading as string });
        const button = start.getByRole("button", { name: buttons.start });
        for (const code of forced.slice(first, first + 8)) {
          await emulator.call("PUT", `/users/${driver.id}/start-refusal`, { errorCode: code });
          await pressStart(start, buttons);
          // Null: nothing forced, and the platform's own refusal, as a new driver's balance is €0.00.
          await expect(start.getByRole("status")).toHaveText(words[code ?? "PAYMENT_NO_FUNDS"]!);
          await expect(button).toBeEnabled();
        }
        await expect(page).toHaveURL(/\/charge\//);
        expect(await runningOf(emulator, driver)).toEqual([]);
      }
    },
  );
}

test(
  "two tabs start at once, and one session results",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator }) => {
    const driver = await signedInWithBalance(page, request, emulator, "charge.tabs");
    const second = await page.context().newPage();
    await Promise.all([page.goto(spot(50401)), second.goto(spot(50401))]);
    const cards = [page, second].map((tab) => spotCard(tab, 50401));
    for (const card of cards) {
      const trigger = card.getByRole("button", { name: "Start charging" });
      await expectHydrated(trigger);
      await trigger.click();
    }
    await Promise.all(cards.map((card) => card.getByRole("button", { name: "Start now" }).click()));
    await expect(page).toHaveURL(/\/sessions\/\d+\?notice=/);
    await expect(second).toHaveURL(/\/sessions\/\d+\?notice=/);
    const path = (tab: Page) => new URL(tab.url()).pathname;
    expect(path(second)).toBe(path(page));
    const notices = [new URL(page.url()).searchParams.get("notice"), new URL(second.url()).searchParams.get("notice")];
    expect(notices.sort()).toEqual(["already-charging", "started"]);
    expect(await runningOf(emulator, driver)).toHaveLength(1);
    await page.getByRole("button", { name: "Stop charging" }).click();
    await expect.poll(() => runningOf(emulator, driver)).toEqual([]);
  },
);

test(
  "Stop from a second device; the first then finds the charge over",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, browser, baseURL }) => {
    const driver = await signedInWithBalance(page, request, emulator, "charge.devices");
    await startOn(page, 50402);
    const sessionPath = new URL(page.url()).pathname;

    const phone = await signInElsewhere(browser, baseURL, driver.email);
    await phone.page.goto(sessionPath);
    await phone.page.getByRole("button", { name: "Stop charging" }).click();
    await expect(phone.page.getByRole("button", { name: "Stop charging" })).toHaveCount(0);
    await expect.poll(() => runningOf(emulator, driver)).toEqual([]);
    await phone.context.close();

    // The first device still shows its button until it hears of the stop: pressing it says the charge is over.
    const stop = page.getByRole("button", { name: "Stop charging" });
    if (await stop.isVisible()) {
      await stop.click();
      await expect(
        page.getByText("This charge has already ended.").or(page.getByText("Charging finished")),
      ).toBeVisible();
    }
  },
);

test(
  "a stop sent for another driver's session is not found, and that session charges on",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, browser, baseURL }) => {
    const owner = await signedInWithBalance(page, request, emulator, "charge.owner");
    await startOn(page, 50201);
    const ownerSession = new URL(page.url()).pathname.split("/").at(-1)!;

    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signedInWithBalance(otherPage, request, emulator, "charge.other");
    expect((await otherPage.goto(`/sessions/${ownerSession}`))?.status()).toBe(404);
    // The other driver's own running session (on a spot of its own: the refusal journeys need 50101 free), with its
    // stop form pointed at the owner's session.
    await startOn(otherPage, 50409);
    await otherPage.locator('input[name="session"]').evaluate((input, id) => {
      (input as HTMLInputElement).value = id;
    }, ownerSession);
    await otherPage.getByRole("button", { name: "Stop charging" }).click();
    await expect(otherPage.getByText("This charge was not found in your account.")).toBeVisible();
    expect(await runningOf(emulator, owner)).toHaveLength(1);
    await other.close();
    await page.getByRole("button", { name: "Stop charging" }).click();
    await expect.poll(() => runningOf(emulator, owner)).toEqual([]);
  },
);

test(
  "support force-stops a driver's stuck charge, and the audit log says so",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, supportPage }) => {
    const driver = await signedInWithBalance(page, request, emulator, "charge.stuck");
    await startOn(page, 50203);

    await supportPage.goto(`/admin/users/${driver.id}`);
    const running = supportPage
      .locator("section")
      .filter({ has: supportPage.getByRole("heading", { name: "Running now" }) });
    await running.getByRole("button", { name: /^Force stop the charge started/ }).click();
    await running.getByRole("button", { name: "Force stop", exact: true }).click();
    await expect(running.getByText("The charge was ended.")).toBeVisible();
    await expect(running.getByText("No charge of this driver is running.")).toBeVisible();
    expect(await runningOf(emulator, driver)).toEqual([]);

    await supportPage.goto(`/admin/audit?driver=${driver.id}`);
    await expect(supportPage.getByText("Force-stopped a charge of").first()).toBeVisible();
  },
);

/** "Den Ladevorgang von {start} zwangsweise beenden" as a pattern that any start time fills. */
const labelPattern = (template: string) => new RegExp(`^${template.split("{start}").map(escapeRegExp).join(".+")}$`);

/** The German words the journeys below press and read, from the catalogue the pages use. */
const german = JSON.parse(readFileSync("messages/de.json", "utf8"));
const de = {
  start: german.charging.start.submit as string,
  confirm: german.charging.start.confirmSubmit as string,
  stop: german.charging.stop.submit as string,
  over: german.charging.stop.over as string,
  notFound: german.charging.stop.errors.notFound as string,
  runningHeading: german.admin.forceStop.heading as string,
  finished: german.sessions.live.finishedTitle as string,
  forceTrigger: labelPattern(german.admin.forceStop.triggerLabel as string),
  forceConfirm: german.admin.forceStop.confirm as string,
  forceDone: german.admin.forceStop.done as string,
  noneRunning: german.admin.forceStop.none as string,
};

async function setPageLanguage(context: BrowserContext, baseURL: string | undefined, locale: "de" | "en" = "de") {
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
}

test(
  "in German: two tabs start at once and make one charge, which a second device stops",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, browser, baseURL }) => {
    const driver = await signedInWithBalance(page, request, emulator, "charge.tabs.de");
    await setPageLanguage(page.context(), baseURL);
    const second = await page.context().newPage();
    await Promise.all([page.goto(spot(50405)), second.goto(spot(50405))]);
    const cards = [page, second].map((tab) => spotCard(tab, 50405));
    for (const card of cards) {
      const trigger = card.getByRole("button", { name: de.start });
      await expectHydrated(trigger);
      await trigger.click();
    }
    await Promise.all(cards.map((card) => card.getByRole("button", { name: de.confirm }).click()));
    await expect(page).toHaveURL(/\/sessions\/\d+\?notice=/);
    await expect(second).toHaveURL(/\/sessions\/\d+\?notice=/);
    const sessionPath = new URL(page.url()).pathname;
    expect(new URL(second.url()).pathname).toBe(sessionPath);
    expect(await runningOf(emulator, driver)).toHaveLength(1);

    const phone = await signInElsewhere(browser, baseURL, driver.email);
    await setPageLanguage(phone.context, baseURL);
    await phone.page.goto(sessionPath);
    await phone.page.getByRole("button", { name: de.stop }).click();
    await expect(phone.page.getByRole("button", { name: de.stop })).toHaveCount(0);
    await expect.poll(() => runningOf(emulator, driver)).toEqual([]);
    await phone.context.close();

    const stop = second.getByRole("button", { name: de.stop });
    if (await stop.isVisible()) {
      await stop.click();
      await expect(second.getByText(de.over).or(second.getByText(de.finished))).toBeVisible();
    }
  },
);

test(
  "in German: a stop sent for another driver's charge is not found, and support force-stops that charge, audited",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, browser, baseURL, supportPage }) => {
    const owner = await signedInWithBalance(page, request, emulator, "charge.owner.de");
    await setPageLanguage(page.context(), baseURL);
    await startOn(page, 50406, { start: de.start, confirm: de.confirm });
    const ownerSession = new URL(page.url()).pathname.split("/").at(-1)!;

    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    const otherDriver = await signedInWithBalance(otherPage, request, emulator, "charge.other.de");
    await setPageLanguage(other, baseURL);
    await startOn(otherPage, 50407, { start: de.start, confirm: de.confirm });
    await otherPage.locator('input[name="session"]').evaluate((input, id) => {
      (input as HTMLInputElement).value = id;
    }, ownerSession);
    await otherPage.getByRole("button", { name: de.stop }).click();
    await expect(otherPage.getByText(de.notFound)).toBeVisible();
    expect(await runningOf(emulator, owner)).toHaveLength(1);
    await otherPage.goto(otherPage.url().split("?")[0]!);
    await otherPage.getByRole("button", { name: de.stop }).click();
    await expect.poll(() => runningOf(emulator, otherDriver)).toEqual([]);
    await other.close();

    await setPageLanguage(supportPage.context(), baseURL);
    await supportPage.goto(`/admin/users/${owner.id}`);
    const running = supportPage
      .locator("section")
      .filter({ has: supportPage.getByRole("heading", { name: de.runningHeading }) });
    await running.getByRole("button", { name: de.forceTrigger }).click();
    await running.getByRole("button", { name: de.forceConfirm, exact: true }).click();
    await expect(running.getByText(de.forceDone)).toBeVisible();
    await expect(running.getByText(de.noneRunning)).toBeVisible();
    expect(await runningOf(emulator, owner)).toEqual([]);

    await supportPage.goto(`/admin/audit?driver=${owner.id}`);
    await expect(supportPage.getByText(/zwangsweise beendet/).first()).toBeVisible();
  },
);

test(
  "in German, from a QR link signed out: sign in, back on the page, the price, start, the energy rises, stop, the receipt",
  { tag: "@ampeco-only" },
  async ({ page, request, emulator, baseURL }) => {
    await setPageLanguage(page.context(), baseURL);
    const driver = await createPlatformDriver(request, "charge.start.de");
    await page.goto(spot(50408));
    const card = spotCard(page, 50408);
    await card.getByRole("link", { name: "Melden Sie sich an" }).click();
    await page.getByLabel(german.signIn.form.emailLabel).fill(driver.email);
    await page.getByRole("button", { name: german.signIn.form.submit }).click();
    await page.goto(await latestSignInLink(page, driver.email, german.mail.signInLink.subject));
    await expect(page).toHaveURL(/\/charge\/NL\*DPT\*E50408$/);
    // The voucher page is topped up in English (the helper's words), then the page is German again.
    await setPageLanguage(page.context(), baseURL, "en");
    await topUp(page, emulator, 20);
    await setPageLanguage(page.context(), baseURL);
    await page.goto(spot(50408));

    await expect(card.getByText(/^0,55\s€ pro kWh$/).first()).toBeVisible();
    const start = card.getByRole("region", { name: german.charging.start.heading });
    await expect(start.getByRole("radio", { name: /^Ihrem Guthaben \(20,00\s€\)$/ })).toBeChecked();
    const trigger = start.getByRole("button", { name: de.start });
    await expectHydrated(trigger);
    await trigger.click();
    await expect(
      start.getByText(/^Sie zahlen 0,55\s€ pro kWh; 0,49\s€ Startgebühr; .+ Jetzt starten\?$/),
    ).toBeVisible();
    await start.getByRole("button", { name: de.confirm }).click();

    await expect(page).toHaveURL(/\/sessions\/\d+\?notice=started$/);
    await expect(page.getByText(german.sessionDetails.notice.started)).toBeVisible();
    await expect.poll(() => energySoFar(page), { timeout: 40_000 }).toBeGreaterThan(0);
    const first = await energySoFar(page);
    await expect.poll(() => energySoFar(page), { timeout: 20_000 }).toBeGreaterThan(first);

    await page.getByRole("button", { name: de.stop }).click();
    await expect.poll(() => runningOf(emulator, driver)).toEqual([]);
    await page.goto(new URL(page.url()).pathname);
    await expect(page.getByRole("button", { name: de.stop })).toHaveCount(0);
    const amount = await page
      .locator("dt", { hasText: new RegExp(`^${german.sessionDetails.fields.amount}$`) })
      .locator("xpath=following-sibling::dd[1]")
      .innerText();
    const downloadEvent = page.waitForEvent("download");
    await page.getByRole("link", { name: german.charging.receipt.download }).click();
    const receipt = await pdfText(new Uint8Array(await readFile((await (await downloadEvent).path())!)));
    // German figures: "12,97 €".
    const euros = (label: string) =>
      Number(new RegExp(`${label}\\s*([\\d.]+,\\d{2})\\s€`).exec(receipt)?.[1]?.replace(".", "").replace(",", "."));
    const shown = Number(amount.replace(/[^\d,]/g, "").replace(",", "."));
    expect(receipt).toContain("Beleg");
    expect(euros("Gesamt bezahlt")).toBe(shown);
    expect(euros("Summe ohne USt") + euros("(?<!ohne )USt")).toBeCloseTo(euros("Gesamt bezahlt"), 2);
    expect(euros("(?<!ohne )USt")).toBeGreaterThan(0);
  },
);
