import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

/**
 * Every route the build produced, read from Next's own manifest, so a new page or route handler
 * is covered the day it is added: tested for each, not sampled.
 */
const manifest = JSON.parse(
  readFileSync(path.join(process.cwd(), ".next/server/app-paths-manifest.json"), "utf8"),
) as Record<string, string>;

// Open to everyone by design: the public pages, Auth.js itself, passkey sign-in, health, demo-mode tooling
// (the demo mailbox and the emulator control API exist only while the embedded defaults run), metadata files such
// as the app icon, and the map with its data routes (public by default, issue 36; MAP_PUBLIC=false closes them:
// tests/integration/map/public-map.test.ts).
const PUBLIC = [
  /^\/map$/,
  // A charge point's page: its QR code opens it for anyone (issue 38).
  /^\/charge\/[^/]+$/,
  /^\/api\/map\//,
  /^\/$/,
  /^\/signin$/,
  /^\/signup$/,
  /^\/check-your-email$/,
  /^\/account-not-linked$/,
  /^\/_not-found$/,
  /^\/_global-error$/,
  /^\/api\/auth\//,
  /^\/api\/passkeys\/sign-in(\/options)?$/,
  /^\/api\/health(\/(live|ready))?$/,
  /^\/api\/emulator\//,
  /^\/dev\/mailbox/,
  /^\/(icon|apple-icon|favicon)(\.\w+)?$/,
  /^\/(robots\.txt|sitemap\.xml|manifest\.webmanifest)$/,
];

const SAMPLE_IDS: Record<string, string> = { id: "1001", path: "x", nextauth: "session" };

function concretePath(route: string): string {
  return route
    .replace(/\/\([^)]+\)/g, "")
    .replace(/\/(page|route)$/, "")
    .replace(/\[\.\.\.(\w+)\]/g, (_, name: string) => SAMPLE_IDS[name] ?? "x")
    .replace(/\[(\w+)\]/g, (_, name: string) => SAMPLE_IDS[name] ?? "1")
    .replace(/^$/, "/");
}

const routes = Object.keys(manifest).map((key) => ({ key, url: concretePath(key), isApi: key.endsWith("/route") }));
const protectedRoutes = routes.filter((r) => !PUBLIC.some((p) => p.test(r.url)));
const adminRoutes = routes.filter(
  (r) => r.url === "/admin" || r.url.startsWith("/admin/") || r.url.startsWith("/api/admin/"),
);

test("the build has the routes this test protects", () => {
  expect(protectedRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(["/account", "/sessions"]));
});

test.describe("signed-out visitors", () => {
  for (const route of protectedRoutes) {
    test(`are refused ${route.url}`, async ({ request }) => {
      for (const method of route.isApi ? ["GET", "POST"] : ["GET"]) {
        const response = await request.fetch(route.url, {
          method,
          maxRedirects: 0,
          data: method === "POST" ? {} : undefined,
        });
        const status = response.status();
        if (status >= 300 && status < 400) {
          expect(response.headers()["location"], `${method} ${route.url} redirects to sign-in`).toMatch(/\/signin/);
        } else {
          expect([401, 403, 404, 405], `${method} ${route.url} answered ${status}`).toContain(status);
        }
      }
    });
  }
});

test.describe("a signed-in driver in the admin area", () => {
  for (const route of adminRoutes) {
    test(`gets no data from ${route.url}`, async ({ driverPage }) => {
      const response = await driverPage.request.fetch(route.url, { method: "GET", maxRedirects: 0 });
      expect([403, 404], `${route.url} answered ${response.status()}`).toContain(response.status());
      const body = await response.text();
      // Nothing about other drivers may leak: the demo drivers' e-mails must not appear.
      expect(body).not.toContain("second.driver@example.com");
    });
  }
});
