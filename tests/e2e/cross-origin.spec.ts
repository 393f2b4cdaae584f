import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Server actions must only run for requests from the portal's own origin (CSRF). The browser
 * submits the real sign-in form; the test rewrites its Origin as a foreign site would send it.
 */
test("a server action posted from another origin is refused and has no effect", async ({ page }) => {
  const email = `cross.origin.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/signin");
  let actionStatus = 0;
  await page.route("**/signin**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    const response = await route.fetch({ headers: { ...request.headers(), origin: "https://evil.example" } });
    actionStatus = response.status();
    await route.fulfill({ response });
  });
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect.poll(() => actionStatus).not.toBe(0);
  expect(actionStatus).toBe(403);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toHaveCount(0);

  // The action never ran: no mail of any kind went to that address.
  await page.unrouteAll();
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("the same form from the portal's own origin works", async ({ page }) => {
  const email = `same.origin.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
});

test("every page carries the security headers", async ({ request }) => {
  for (const path of ["/", "/signin", "/signup", "/map"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
});

// ------------------------------------------------------------------ security review, findings 7 and 8

test("the demo bridge refuses a cross-origin write: a foreign page cannot reset or fault the demo", async ({
  playwright,
  baseURL,
  emulator,
}) => {
  await emulator.createVoucher({ code: `KEEP-${randomUUID().slice(0, 6).toUpperCase()}`, amount: 5 });
  const before = (await emulator.state()).vouchers.length;
  const foreign = await playwright.request.newContext({ baseURL });
  for (const origin of ["https://evil.example", "http://evil.example", undefined]) {
    const response = await foreign.post("/api/emulator/__emulator/reset", { headers: origin ? { origin } : {} });
    expect(response.status(), `Origin ${origin ?? "(none)"}`).toBe(403);
  }
  await foreign.dispose();
  // Nothing was reset: the voucher added above is still there.
  expect((await emulator.state()).vouchers.length).toBe(before);
});

test("the origin check compares the scheme, not only the host", async ({ request, baseURL }) => {
  const sameHostOtherScheme = baseURL!.replace(/^http:/, "https:");
  const response = await request.post("/api/emulator/__emulator/reset", { headers: { origin: sameHostOtherScheme } });
  expect(response.status()).toBe(403);
});

/** The sign-in form's fields as a browser without JavaScript would post them (React's hidden action fields included). */
async function signInFormFields(page: Page, email: string): Promise<Record<string, string>> {
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(email);
  return page
    .locator("form")
    .filter({ has: page.getByLabel("E-mail address") })
    .evaluate((form: HTMLFormElement) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
      return fields;
    });
}

/** The id of the sign-in form's server action, from the request the browser sends (stopped before it leaves). */
async function signInActionId(page: Page): Promise<string> {
  await page.goto("/signin");
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.headers()["next-action"] !== undefined,
  );
  await page.route("**/signin", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByLabel("E-mail address").fill("driver@example.com");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const id = (await sent).headers()["next-action"]!;
  await page.unrouteAll();
  return id;
}

test("a no-JS form post without an Origin gets the same 403 as a foreign one, and has no effect", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `no.origin.${randomUUID().slice(0, 8)}@example.com`;
  const fields = await signInFormFields(page, email);
  expect(
    Object.keys(fields).some((name) => name.startsWith("$ACTION")),
    "the form posts without JavaScript",
  ).toBe(true);
  const client = await playwright.request.newContext({ baseURL });
  expect((await client.post("/signin", { multipart: fields })).status()).toBe(403);
  expect(
    (await client.post("/signin", { multipart: fields, headers: { origin: "https://evil.example" } })).status(),
  ).toBe(403);
  await client.dispose();
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("a malformed server-action body gets a 4xx, never a 500", async ({ page, request }) => {
  const headers = { "next-action": await signInActionId(page), accept: "text/x-component" };
  // Neither a form nor React's JSON arguments.
  const asJson = await request.post("/signin", {
    headers: { ...headers, "content-type": "application/json" },
    data: { email: "driver@example.com" },
  });
  expect(asJson.status()).toBe(400);
  const notJson = await request.post("/signin", {
    headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
    data: '["$undefined", "not a form"',
  });
  expect(notJson.status()).toBe(400);
  // A form far beyond anything the portal's forms send.
  const huge = await request.post("/signin", { headers, multipart: { "1_email": "x".repeat(1024 * 1024) } });
  expect(huge.status()).toBe(413);
  // Arguments that decode to the wrong types reach the action, which answers with a clear error.
  for (const wrongTypes of [
    request.post("/signin", {
      headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
      data: '["$undefined", "not a form"]',
    }),
    request.post("/signin", { headers, multipart: { "0": '["$K1", 42]', "1_email": "driver@example.com" } }),
  ]) {
    const response = await wrongTypes;
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("This form could not be read. Reload the page and try again.");
  }
});

test("a sign-in link with an edited return address opens the sign-in page with a message", async ({ page }) => {
  for (const callbackUrl of ["%ZZ", "javascript:alert(1)", "https://evil.example/account", "////evil.example"]) {
    const response = await page.goto(
      `/api/auth/callback/nodemailer?callbackUrl=${encodeURIComponent(callbackUrl)}&token=abc&email=driver%40example.com`,
    );
    expect(response?.status(), callbackUrl).toBe(200);
    await expect(page).toHaveURL(/\/signin\?error=EditedLink$/);
    await expect(page.getByText("That sign-in link was changed on its way and cannot be used.")).toBeVisible();
  }
});

// ------------------------------------------------------------------ issue 22, L2 and L4

test("a request that says it is a router prefetch meets the same middleware: no Origin → 403, the bridge refuses, the mailbox keeps its headers", async ({
  page,
  playwright,
  baseURL,
  emulator,
}) => {
  const prefetch = { "next-router-prefetch": "1" };
  const email = `prefetch.${randomUUID().slice(0, 8)}@example.com`;
  const fields = await signInFormFields(page, email);
  const actionId = await signInActionId(page);
  const client = await playwright.request.newContext({ baseURL });
  // The no-JS form post, and the same action as the page's script posts it.
  expect((await client.post("/signin", { multipart: fields, headers: prefetch })).status()).toBe(403);
  const scripted = await client.post("/signin", {
    headers: { ...prefetch, "next-action": actionId, accept: "text/x-component" },
    multipart: { "0": '["$K1"]', "1_email": email },
  });
  expect(scripted.status()).toBe(403);

  await emulator.createVoucher({ code: `KEEP-${randomUUID().slice(0, 6).toUpperCase()}`, amount: 5 });
  const before = (await emulator.state()).vouchers.length;
  expect((await client.post("/api/emulator/__emulator/reset", { headers: prefetch })).status()).toBe(403);
  expect((await emulator.state()).vouchers.length).toBe(before);

  const mailbox = await client.get("/dev/mailbox", { headers: prefetch });
  expect(mailbox.status()).toBe(200);
  expect(mailbox.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(mailbox.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(mailbox.headers()["x-frame-options"]).toBe("DENY");
  await client.dispose();

  // Neither action ran: no mail of any kind went to that address.
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("demo mode answers only at localhost, 127.0.0.1 and [::1]: a rebound name gets 403 and no mailbox", async ({
  playwright,
  baseURL,
}) => {
  const client = await playwright.request.newContext({ baseURL });
  const { port } = new URL(baseURL!);
  for (const path of ["/dev/mailbox", "/api/emulator/__emulator/state", "/signin"]) {
    const response = await client.get(path, { headers: { host: `rebound.example:${port}` } });
    expect(response.status(), path).toBe(403);
    expect(await response.json(), path).toEqual({ error: "This demo answers only at localhost, 127.0.0.1 or [::1]." });
  }
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
    expect((await client.get("/dev/mailbox", { headers: { host } })).status(), host).toBe(200);
  await client.dispose();
});
