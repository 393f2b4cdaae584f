import { randomUUID } from "node:crypto";
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
