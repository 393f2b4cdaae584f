import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  createPlatformDriver,
  expect,
  expectNewDriverBalance,
  inOneLimitWindow,
  latestSignInLink,
  openMailboxWith,
  signInByEmail,
  test,
} from "./fixtures";

function newEmail(tag: string) {
  return `e2e.${tag}.${randomUUID().slice(0, 8)}@example.com`;
}

async function fillSignUp(page: Page, email: string, overrides: Record<string, string> = {}) {
  await page.goto("/signup");
  const values: Record<string, string> = {
    "E-mail address": email,
    "Password for the charging app": "app-secret-1",
    "First name": "Erin",
    "Last name": "Example",
    Phone: "+31 20 123 4567",
    "Street and number": "Keizersgracht 1",
    City: "Amsterdam",
    Postcode: "1015 CJ",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

test("sign up, land on /account, sign out, sign in again, and a used link is refused", async ({ page, emulator }) => {
  const email = newEmail("signup");
  await fillSignUp(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  const firstLink = await latestSignInLink(page, email);
  await page.goto(firstLink);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Hello, Erin" })).toBeVisible();
  await expectNewDriverBalance(page);

  const state = await emulator.state();
  const created = state.users.filter((u) => u.email === email);
  expect(created).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Faccount/);

  // The used link is refused…
  await page.goto(firstLink);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("expired or was already used");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin/);

  // …and a fresh one works.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/account$/);
});

test("the sign-in form answers the same for unknown addresses and mails them a sign-up pointer", async ({ page }) => {
  const unknown = newEmail("unknown");
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(unknown);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/If an account exists for that address/);
  await openMailboxWith(page, unknown, "Sign-in request for Driver Portal");
  await expect(page.getByRole("row").filter({ hasText: unknown })).toHaveCount(1);
});

test("a double submit and a second tab leave exactly one platform user", async ({ browser, baseURL, emulator }) => {
  const email = newEmail("double");
  const tabs = await Promise.all([0, 1].map(async () => (await browser.newContext({ baseURL })).newPage()));
  for (const tab of tabs) await fillSignUp(tab, email);
  // Two tabs at once, and a second submit in the first tab while its first is running.
  await Promise.all([
    tabs[0]!.evaluate(() => {
      // The sign-up form: the header holds the language switcher's form too.
      const form = document.querySelector<HTMLFormElement>("main form")!;
      form.requestSubmit();
      form.requestSubmit();
    }),
    tabs[1]!.getByRole("button", { name: "Create account" }).click(),
  ]);
  for (const tab of tabs)
    await expect(tab.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 20_000 });
  const state = await emulator.state();
  expect(state.users.filter((u) => u.email === email)).toHaveLength(1);
  for (const tab of tabs) await tab.context().close();
});

test("a create that times out after the platform applied it is not created twice", async ({ page, emulator }) => {
  const email = newEmail("timeout");
  await fillSignUp(page, email);
  // The platform creates the user but answers only after the portal's 2.5 s timeout.
  await emulator.setFaults({
    rules: [{ method: "POST", path: "^/public-api/resources/users/v1\\.1$", phase: "after", delayMs: 4000, times: 1 }],
  });
  try {
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 20_000 });
  } finally {
    await emulator.clearFaults();
  }
  const state = await emulator.state();
  expect(state.users.filter((u) => u.email === email)).toHaveLength(1);
});

test("an e-mail the platform already knows is offered sign-in, not created again", async ({
  page,
  request,
  emulator,
}) => {
  // Made through the platform API (as the app would), so the portal has never seen it: no earlier sign-up attempt to join.
  const { email } = await createPlatformDriver(request, "auth.known");
  await fillSignUp(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText("already exists");
  await expect(page.getByRole("link", { name: `Sign in with ${email}` })).toBeVisible();
  const state = await emulator.state();
  expect(state.users.filter((u) => u.email === email)).toHaveLength(1);
});

test("bad input gives field errors, keeps what was typed and never reaches the platform", async ({
  page,
  emulator,
}) => {
  const before = (await emulator.state()).users.length;
  const longName = "N".repeat(200);
  await fillSignUp(page, "not-an-email", {
    "First name": longName,
    "Last name": "<script>alert(1)</script>",
    City: "Amsterdam",
    "Password for the charging app": "123",
  });
  await page.getByLabel("Country").selectOption("NL");
  // Tamper with the select to send a country that is not ISO alpha-2.
  await page.getByLabel("Country").evaluate((el: HTMLSelectElement) => {
    const bogus = new Option("Atlantis", "XX");
    el.add(bogus);
    el.value = "XX";
  });
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("First name can be at most 80 characters.")).toBeVisible();
  await expect(page.getByText("Last name cannot contain < > { }")).toBeVisible();
  await expect(page.getByText("The app password needs at least 6 characters.")).toBeVisible();
  await expect(page.getByText("Choose your country from the list.")).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");

  // Nothing typed is lost.
  await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-email");
  await expect(page.getByLabel("First name")).toHaveValue(longName);
  await expect(page.getByLabel("Last name")).toHaveValue("<script>alert(1)</script>");
  await expect(page.getByLabel("City")).toHaveValue("Amsterdam");
  await expect(page.getByLabel("Password for the charging app", { exact: true })).toHaveValue("123");

  expect((await emulator.state()).users.length).toBe(before);
});

test("sign-in mails are limited per address: the sixth request in the window is refused", async ({ page }) => {
  test.setTimeout(120_000);
  await inOneLimitWindow();
  const email = newEmail("limit");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  }
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  // The e-mail form's own status region (the passkey button below has one of its own).
  await expect(page.getByRole("status").filter({ hasText: /Too many sign-in requests/ })).toContainText(
    /Too many sign-in requests\. Try again in \d+ minutes?\./,
  );
  // What was typed stays in the field.
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
});

test("sign out on all devices ends every session of the account", async ({ browser, baseURL, request }) => {
  const { email } = await createPlatformDriver(request, "auth.everywhere");
  const devices = await Promise.all([0, 1].map(async () => (await browser.newContext({ baseURL })).newPage()));
  for (const device of devices) {
    await signInByEmail(device, email);
    await expect(device).toHaveURL(/\/account$/);
  }
  await devices[0]!.getByRole("button", { name: "Sign out on all devices" }).click();
  await expect(devices[0]!).toHaveURL(/\/signin/);
  // The other device's session is gone too.
  await devices[1]!.goto("/account");
  await expect(devices[1]!).toHaveURL(/\/signin/);
  for (const device of devices) await device.context().close();
});
