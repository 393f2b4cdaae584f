import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Who may reach which admin page and route handler, for EVERY admin route the build produced
 * (read from Next's own manifest, so a new one is covered the day it is added): a signed-out
 * visitor and a driver are refused everywhere, support is refused on the admin-only ones, and the
 * allowed roles really get the pages (so a broken route cannot pass as "refused").
 * Server actions are covered per action and role in tests/integration/admin/authorization.test.ts.
 */
const manifest = JSON.parse(
  readFileSync(path.join(process.cwd(), ".next/server/app-paths-manifest.json"), "utf8"),
) as Record<string, string>;

const SAMPLE_IDS: Record<string, string> = { id: "1001", cardId: "2001" };
/** Admin-only areas: support gets a 404 there. */
const ADMIN_ONLY = [/^\/admin\/staff(\/|$)/];

function concretePath(route: string): string {
  return route
    .replace(/\/\([^)]+\)/g, "")
    .replace(/\/(page|route)$/, "")
    .replace(/\[\.\.\.(\w+)\]/g, (_, name: string) => SAMPLE_IDS[name] ?? "x")
    .replace(/\[(\w+)\]/g, (_, name: string) => SAMPLE_IDS[name] ?? "1");
}

const adminRoutes = Object.keys(manifest)
  .map((key) => ({ key, url: concretePath(key), isApi: key.endsWith("/route") }))
  .filter((r) => r.url === "/admin" || r.url.startsWith("/admin/") || r.url.startsWith("/api/admin/"));
/** What a route needs in its query to answer 200 at all (the pack needs a period). */
const SAMPLE_QUERIES: Record<string, string> = { "/api/admin/users/1001/expense-pack": "?period=last-month" };
/** The contract keeps no invoices: the staff download answers 404 in words there (payments.spec.ts downloads one). */
const SAMPLE_STATUS: Record<string, number> = { "/api/admin/users/1001/invoices/1": 404 };
const adminOnly = adminRoutes.filter((r) => ADMIN_ONLY.some((p) => p.test(r.url)));
const methodsOf = (route: { isApi: boolean }) =>
  route.isApi ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : ["GET", "POST"];

// Anything that would show driver data or staff data in a refusal.
const LEAKS = [
  "second.driver@example.com",
  "Demi Driver (1001)",
  "04A1B2C3D4E5F6",
  "support@example.com",
  "Audit log entries",
  "Grant a role",
];
// Support sees its own address in the header; what it must not see is the staff list.
const SUPPORT_LEAKS = ["admin@example.com", "Grant a role", "Staff ("];

async function expectRefused(
  request: APIRequestContext,
  url: string,
  method: string,
  allowed: number[],
  leaks: string[] = LEAKS,
) {
  const response = await request.fetch(url, { method, maxRedirects: 0, data: method === "GET" ? undefined : {} });
  const status = response.status();
  if (status >= 300 && status < 400) {
    expect(response.headers()["location"], `${method} ${url} redirects to sign-in`).toMatch(/\/signin/);
  } else {
    expect(allowed, `${method} ${url} answered ${status}`).toContain(status);
  }
  const body = await response.text();
  for (const leak of leaks) expect(body, `${method} ${url} leaks ${leak}`).not.toContain(leak);
}

test("the build has the admin routes this test protects", () => {
  expect(adminRoutes.map((r) => r.url)).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/users",
      "/admin/users/new",
      "/admin/users/1001",
      "/admin/users/1001/cards/2001/move",
      "/admin/audit",
      "/admin/staff",
      "/api/admin/users/1001/balance",
      "/api/admin/users/1001/expense-pack",
      "/api/admin/users/1001/invoices/1",
    ]),
  );
  expect(adminOnly.map((r) => r.url)).toEqual(["/admin/staff"]);
});

test.describe("a signed-out visitor", () => {
  for (const route of adminRoutes) {
    test(`is refused ${route.url}`, async ({ request }) => {
      for (const method of methodsOf(route)) await expectRefused(request, route.url, method, [401, 403, 404, 405]);
    });
  }
});

test.describe("a signed-in driver", () => {
  for (const route of adminRoutes) {
    test(`is refused ${route.url}`, async ({ driverPage }) => {
      for (const method of methodsOf(route))
        await expectRefused(driverPage.request, route.url, method, [403, 404, 405]);
    });
  }
});

test.describe("support staff", () => {
  for (const route of adminOnly) {
    test(`are refused the admin-only ${route.url}`, async ({ supportPage }) => {
      for (const method of methodsOf(route))
        await expectRefused(supportPage.request, route.url, method, [403, 404, 405], SUPPORT_LEAKS);
    });
  }

  test("reach every other admin page and route handler", async ({ supportPage }) => {
    for (const route of adminRoutes.filter((r) => !adminOnly.includes(r))) {
      const response = await supportPage.request.get(route.url + (SAMPLE_QUERIES[route.url] ?? ""));
      expect(response.status(), route.url).toBe(SAMPLE_STATUS[route.url] ?? 200);
    }
    // The admin-only section is not even offered to support.
    await supportPage.goto("/admin/users");
    await expect(supportPage.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
      "Drivers",
      "Deletion requests",
      "Audit log",
      "Security",
    ]);
  });
});

test("admins reach the admin-only pages", async ({ adminPage }) => {
  for (const route of adminOnly) expect((await adminPage.request.get(route.url)).status(), route.url).toBe(200);
  await adminPage.goto("/admin/users");
  await expect(adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
    "Drivers",
    "Deletion requests",
    "Audit log",
    "Staff roles",
    "Security",
  ]);
});

test("the balance route handler answers staff with the balance and bad ids with 400/404, never a 500", async ({
  supportPage,
  emulator,
}) => {
  const demo = (await emulator.state()).users.find((u) => u.id === 1001)!;
  const ok = await supportPage.request.get("/api/admin/users/1001/balance");
  expect(await ok.json()).toEqual({
    balance: { amount: demo.balance, currency: demo.currency, formatted: expect.stringContaining("€") },
  });
  for (const [id, status] of [
    ["abc", 400],
    ["0", 400],
    ["99999999999", 400],
    ["424242", 404],
  ] as const) {
    expect((await supportPage.request.get(`/api/admin/users/${id}/balance`)).status(), id).toBe(status);
  }
  for (const url of [
    "/admin/users/abc",
    "/admin/users/424242",
    "/admin/users/1001/cards/9999/move",
    "/admin/users/1001/cards/2004/move",
    "/admin/audit?page=-1&driver=x&from=2026-13-45",
  ]) {
    expect((await supportPage.request.get(url)).status(), url).toBeLessThan(500);
  }
});
