import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createPlatformDriver, expect, finishSignUpLink, signInByEmail, test, type EmulatorControl } from "./fixtures";

/**
 * The driver journeys with a misbehaving platform: 300 ms latency, 20 % server errors and 10 %
 * rate-limit answers on every call. Each step either finishes (the client retries what is safe to
 * retry) or shows a clear error with everything the driver typed still there, so the driver can
 * simply try again. Nothing may be created twice.
 */
const FAULTS = { latencyMs: 300, errorRate: 0.2, rateLimitedRate: 0.1 };
const MAX_ATTEMPTS = 8;
const FAY = { first_name: "Fay", last_name: "Fault" };

test.describe.configure({ timeout: 180_000 });

test.afterEach(async ({ emulator }) => {
  await emulator.clearFaults();
});

/** A crash page would show Next's generic text; every failure must be one of ours instead. */
async function expectNoCrash(page: Page) {
  await expect(page.getByText("Application error: a server-side exception has occurred")).toHaveCount(0);
  await expect(page.getByText("This page couldn’t load")).toHaveCount(0);
}

/**
 * Submits until `done` shows; between attempts the typed values must still be in the form.
 *
 * Each attempt waits for its own server action to answer and for the form to leave its pending
 * state before reading the outcome: the previous attempt's error stays on screen while the next one
 * runs, and reading it early once sent a second, empty submit after a success (CI, stop 9).
 */
async function submitUntil(page: Page, submit: Locator, done: Locator, keptFields: Record<string, string>) {
  const clearError = page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: /could not|busy|try again|did not answer/i })
    .or(page.getByRole("main").getByRole("alert"))
    .first();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const answered = page.waitForResponse(
      (response) => response.request().method() === "POST" && "next-action" in response.request().headers(),
      {
        timeout: 30_000,
      },
    );
    await submit.click();
    await answered;
    // Settled: either done, or the same button back from "pending" (React renders both in one commit with the new state).
    await expect(done.or(submit.and(page.locator('[aria-disabled="false"]'))).first()).toBeVisible({ timeout: 30_000 });
    await expectNoCrash(page);
    if (await done.isVisible()) return attempt;
    await expect(clearError, `attempt ${attempt} ends in a clear error`).toBeVisible();
    for (const [label, value] of Object.entries(keptFields))
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  throw new Error(`not done after ${MAX_ATTEMPTS} attempts`);
}

test("driver pages load or show a clear error, and a retry gets there", async ({ driverPage: page, emulator }) => {
  await emulator.setFaults(FAULTS);
  for (const [path, heading] of [
    ["/account", "Hello, Demi"],
    ["/cards", "Charging cards"],
    ["/vouchers", "Vouchers"],
    ["/sessions", "Charging sessions"],
  ] as const) {
    let loaded = false;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !loaded; attempt++) {
      await page.goto(path);
      await expectNoCrash(page);
      const ok = page.getByRole("heading", { level: 1, name: heading });
      const clearError = page.getByRole("main").getByRole("alert").first();
      // Both can be on screen at once (an error page keeps its heading): either one will do here.
      await expect(ok.or(clearError).first()).toBeVisible({ timeout: 30_000 });
      // Error pages keep the page heading, so "loaded" means the heading without an error beside it.
      loaded = (await ok.isVisible()) && !(await clearError.isVisible());
    }
    expect(loaded, `${path} eventually loads`).toBe(true);
  }
});

test("sign-up under faults creates exactly one platform user", async ({ page, emulator }) => {
  const email = `e2e.faults.signup.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/signup");
  const fields = { "E-mail address": email, "First name": "Fay", "Last name": "Fault", City: "Utrecht" };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(await finishSignUpLink(page, email));
  // The platform is reached only by the last step, with the app password.
  const passwords = { "Password for the charging app": "app-secret-1", "Repeat the password": "app-secret-1" };
  for (const [label, value] of Object.entries(passwords)) await page.getByLabel(label, { exact: true }).fill(value);
  await emulator.setFaults(FAULTS);
  await submitUntil(
    page,
    page.getByRole("button", { name: "Create account" }),
    // Signed in: the driver's navigation (the account page itself may still meet a fault).
    page.getByRole("navigation", { name: "Driver" }),
    passwords,
  );
  await emulator.clearFaults();
  expect((await emulator.state()).users.filter((u) => u.email === email)).toHaveLength(1);
});

test("adding a card under faults links it exactly once", async ({ page, request, emulator }) => {
  const driver = await createPlatformDriver(request, "faults.card", FAY);
  await signInByEmail(page, driver.email);
  await page.goto("/cards");
  const code = `FT${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  const fields = { "Card code": code, "Printed number": `NL-FT-${code.slice(2, 8)}` };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await emulator.setFaults(FAULTS);
  // The form's own success message: it is rendered in the same commit that ends the pending state.
  const added = page.getByRole("status").filter({ hasText: `Card ${fields["Printed number"]} was added` });
  await submitUntil(page, page.getByRole("button", { name: "Add card" }), added, fields);
  await expect(page.getByRole("row").filter({ hasText: fields["Printed number"] })).toBeVisible();
  await emulator.clearFaults();
  const cards = (await emulator.state()).tokens.filter((t) => t.code === code);
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ userId: driver.id, status: "active" });
});

test("redeeming a voucher under faults credits it exactly once", async ({ page, request, emulator }) => {
  const driver = await createPlatformDriver(request, "faults.voucher", FAY);
  await signInByEmail(page, driver.email);
  await page.goto("/vouchers");
  const code = `FT-${randomUUID().slice(0, 8).toUpperCase()}`;
  await emulator.createVoucher({ code, amount: 7.5, currency: "EUR" });
  await page.getByLabel("Voucher code").fill(code);
  await emulator.setFaults(FAULTS);
  await submitUntil(
    page,
    page.getByRole("button", { name: "Redeem voucher" }),
    page.getByRole("status").filter({ hasText: /Voucher (accepted|redeemed)/ }),
    { "Voucher code": code },
  );
  await emulator.clearFaults();
  await expect.poll(async () => (await balanceOf(emulator, driver.id)) ?? 0, { timeout: 15_000 }).toBe(7.5);
  const state = await emulator.call<{ redemptions: { code: string }[]; vouchers: { code: string; status: string }[] }>(
    "GET",
    "/state",
  );
  expect(state.redemptions.filter((r) => r.code.toUpperCase() === code)).toHaveLength(1);
});

async function balanceOf(emulator: EmulatorControl, userId: number) {
  return (await emulator.state()).users.find((u) => u.id === userId)?.balance;
}
