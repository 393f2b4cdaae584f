import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  createPlatformDriver,
  expect,
  expectNewDriverBalance,
  finishSignUpLink,
  inOneLimitWindow,
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

/** Signs up and opens the mailed link: the page that asks for the app password. */
async function signUpAndOpenLink(page: Page, email: string): Promise<string> {
  await fillSignUp(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const link = await finishSignUpLink(page, email);
  await page.goto(link);
  return link;
}

async function chooseAppPassword(page: Page, password: string, repeat = password) {
  await page.getByLabel("Password for the charging app", { exact: true }).fill(password);
  await page.getByLabel("Repeat the password").fill(repeat);
  await page.getByRole("button", { name: "Create account" }).click();
}

test("sign up, follow the mailed link, choose the app password, land on /account; the link works once", async ({
  page,
  emulator,
}) => {
  const email = newEmail("signup");
  await fillSignUp(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText("Follow its link within 24 hours");
  // Nothing exists before the address is proven.
  expect((await emulator.state()).users.filter((u) => u.email === email)).toHaveLength(0);

  const link = await finishSignUpLink(page, email);
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(`The account for ${email} (Erin Example)`);
  await expectNoAxeViolations(page);
  // A mismatch is refused, and what was typed stays.
  await chooseAppPassword(page, "app-secret-1", "app-secret-2");
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await expect(page.getByLabel("Password for the charging app", { exact: true })).toHaveValue("app-secret-1");
  await expect(page.getByLabel("Repeat the password")).toHaveValue("app-secret-2");
  expect((await emulator.state()).users.filter((u) => u.email === email)).toHaveLength(0);

  await chooseAppPassword(page, "app-secret-1");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Hello, Erin" })).toBeVisible();
  await expectNewDriverBalance(page);
  expect((await emulator.state()).users.filter((u) => u.email === email)).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  // The used link is refused…
  await page.goto(link);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This sign-up link was already used.");
  // …and sign-in by link works.
  await signInByEmail(page, email);
  await expect(page).toHaveURL(/\/account$/);
});

test("the sign-in form answers the same for unknown addresses and mails them a sign-up pointer", async ({ page }) => {
  const unknown = newEmail("unknown");
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(unknown);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  // The same sentence as for a known address, naming the address typed (issue 36).
  await expect(page.getByRole("status")).toHaveText(
    `We sent a mail to ${unknown}. If the address has an account, it holds a sign-in link that works once and expires in 30 minutes.`,
  );
  await openMailboxWith(page, unknown, "Sign-in request for Driver Portal");
  await expect(page.getByRole("row").filter({ hasText: unknown })).toHaveCount(1);
});

test("finishing twice at once and in a second tab leaves exactly one platform user", async ({
  page,
  browser,
  baseURL,
  emulator,
}) => {
  const email = newEmail("double");
  const link = await signUpAndOpenLink(page, email);
  const second = await (await browser.newContext({ baseURL })).newPage();
  await second.goto(link);
  for (const tab of [page, second]) {
    await tab.getByLabel("Password for the charging app", { exact: true }).fill("app-secret-1");
    await tab.getByLabel("Repeat the password").fill("app-secret-1");
  }
  // Two tabs at once, and a second submit in the first tab while its first is running.
  await Promise.all([
    page.evaluate(() => {
      // The finish form: the header holds the language switcher's form too.
      const form = document.querySelector<HTMLFormElement>("main form")!;
      form.requestSubmit();
      form.requestSubmit();
    }),
    second.getByRole("button", { name: "Create account" }).click(),
  ]);
  // A tab joins the other while both are in flight, or, arriving after the other finished, reads that the
  // link was used; either tab may be the one that finishes first. One of them is signed in.
  const account = (tab: Page) => tab.getByRole("heading", { name: "Hello, Erin" });
  for (const tab of [page, second])
    await expect(account(tab).or(tab.getByText("This sign-up link was already used."))).toBeVisible({
      timeout: 20_000,
    });
  expect([await account(page).isVisible(), await account(second).isVisible()]).toContain(true);
  const state = await emulator.state();
  expect(state.users.filter((u) => u.email === email)).toHaveLength(1);
  await second.context().close();
});

test("a create that times out after the platform applied it is not created twice", async ({ page, emulator }) => {
  const email = newEmail("timeout");
  await signUpAndOpenLink(page, email);
  // The platform creates the user but answers only after the portal's 2.5 s timeout.
  await emulator.setFaults({
    rules: [{ method: "POST", path: "^/public-api/resources/users/v1\\.1$", phase: "after", delayMs: 4000, times: 1 }],
  });
  try {
    await chooseAppPassword(page, "app-secret-1");
    await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  } finally {
    await emulator.clearFaults();
  }
  const state = await emulator.state();
  expect(state.users.filter((u) => u.email === email)).toHaveLength(1);
});

test("an address with an account gets the same answer, and its mail says to sign in; nothing is created", async ({
  page,
  request,
  emulator,
}) => {
  // Made through the platform API (as the app would), so the portal has never seen it.
  const { email } = await createPlatformDriver(request, "auth.known");
  await fillSignUp(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Follow its link within 24 hours");
  const note = await openMailboxWith(page, email, "You already have a Driver Portal account");
  await note.getByRole("link").click();
  await expect(page.getByRole("link", { name: new RegExp(`/signin\\?email=`) })).toBeVisible();
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
  await expect(page.getByText("Choose your country from the list.")).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");

  // Nothing typed is lost.
  await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-email");
  await expect(page.getByLabel("First name")).toHaveValue(longName);
  await expect(page.getByLabel("Last name")).toHaveValue("<script>alert(1)</script>");
  await expect(page.getByLabel("City")).toHaveValue("Amsterdam");

  expect((await emulator.state()).users.length).toBe(before);
});

test("sign-in mails are limited per address: the sixth request in the window is refused", async ({ page }) => {
  test.setTimeout(120_000);
  await inOneLimitWindow(async () => {
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
});

test("sign out on all devices ends every session of the account", async ({ browser, baseURL, request }) => {
  const { email } = await createPlatformDriver(request, "auth.everywhere");
  const devices = await Promise.all([0, 1].map(async () => (await browser.newContext({ baseURL })).newPage()));
  for (const device of devices) {
    await signInByEmail(device, email);
    await expect(device).toHaveURL(/\/account$/);
  }
  await devices[0]!.goto("/account/security");
  await devices[0]!.getByRole("button", { name: "Sign out on all devices" }).click();
  await expect(devices[0]!).toHaveURL(/\/signin/);
  // The other device's session is gone too.
  await devices[1]!.goto("/account");
  await expect(devices[1]!).toHaveURL(/\/signin/);
  for (const device of devices) await device.context().close();
});
