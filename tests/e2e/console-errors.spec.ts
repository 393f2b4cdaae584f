import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import { DEMO_DRIVER, dialectOf, EmulatorControl, expect, test } from "./fixtures";

/**
 * Issue 36: no console error and no page error on any page, in any language, hydration included (React's #418 on
 * /account in nl and de threw the server's HTML away). Every page the build has, read from Next's own manifest, so a
 * new page is visited the day it is added: driver pages as the demo driver, staff pages as support and as admin,
 * public pages signed out. One context per role, one page load per URL and language.
 */
const manifest = JSON.parse(
  readFileSync(path.join(process.cwd(), ".next/server/app-paths-manifest.json"), "utf8"),
) as Record<string, string>;

/** Next's own error routes, which no visitor opens by their path. */
const NEXT_INTERNAL = /^\/_/;
const pagePaths = Object.keys(manifest)
  .filter((key) => key.endsWith("/page"))
  .map((key) => key.replace(/\/\([^)]+\)/g, "").replace(/\/page$/, "") || "/")
  .filter((route) => !NEXT_INTERNAL.test(route));

const STAFF_AREA = /^\/admin(\/|$)/;
const DRIVER_AREA = /^\/(account|cards|sessions|vouchers|map)(\/|$)/;
/** Pages only an admin opens (support is refused them: admin-access.spec.ts). */
const ADMIN_ONLY = /^\/admin\/staff$/;

const LANGUAGES = ["en", "nl", "de"] as const;

/** Real ids for the dynamic segments, so each page shows what it is for rather than its not-found. */
interface Ids {
  id?: string;
  cardId?: string;
}

function concrete(route: string, ids: Ids): string {
  return route.replace(/\[(\w+)\]/g, (_, name: keyof Ids) => ids[name] ?? "1");
}

/** Waits until React has hydrated everything in the page's main region, so a late hydration error is heard too. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector("main");
          if (!main) return false;
          // Leaflet draws the map's own elements, and the server adds a server action's hidden ids to its forms.
          const elements = [...main.querySelectorAll("*")].filter(
            (el) => !el.closest(".leaflet-container") && !el.matches('input[type="hidden"][name^="$ACTION"]'),
          );
          const missing = [main, ...elements].filter(
            (el) => !Object.keys(el).some((key) => key.startsWith("__reactFiber$")),
          );
          return missing.length === 0
            ? true
            : missing
                .slice(0, 3)
                .map((el) => el.outerHTML.slice(0, 120))
                .join(" | ");
        }),
      { message: "React has hydrated the main region" },
    )
    .toBe(true);
}

/**
 * Tabs of one browser that visit the paths side by side: each page waits for the network to be idle for half a second,
 * and those waits overlap instead of adding up.
 */
const TABS = 3;

/** Visits each path in each language and returns every console error and page error, with where it happened. */
async function errorsOn(page: Page, paths: string[]): Promise<string[]> {
  const errors: string[] = [];
  const context = page.context();
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
  const where = new Map<Page, string>();
  for (const tab of tabs) {
    tab.on("console", (message) => {
      if (message.type() === "error") errors.push(`${where.get(tab)}: console: ${message.text()}`);
    });
    tab.on("pageerror", (error) => errors.push(`${where.get(tab)}: page error: ${error.message}`));
  }
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (const language of LANGUAGES) {
    await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: origin }]);
    const waiting = [...paths];
    await Promise.all(
      tabs.map(async (tab) => {
        for (let url = waiting.shift(); url !== undefined; url = waiting.shift()) {
          where.set(tab, `${language} ${url}`);
          const response = await tab.goto(url);
          expect(response?.status(), `${where.get(tab)} answers`).toBeLessThan(400);
          await expect(tab.locator("html")).toHaveAttribute("lang", language);
          await hydrated(tab);
        }
      }),
    );
  }
  for (const tab of tabs.slice(1)) await tab.close();
  await context.clearCookies({ name: LOCALE_COOKIE });
  return errors;
}

async function demoDriverIds(page: Page): Promise<Ids> {
  const emulator = new EmulatorControl(page.request);
  const state = await emulator.state();
  const driver = state.users.find((user) => user.email === DEMO_DRIVER);
  expect(driver, "the demo driver on the platform").toBeDefined();
  const card = state.tokens.find((token) => token.userId === driver!.id);
  expect(card, "a card of the demo driver").toBeDefined();
  return { id: String(driver!.id), cardId: String(card!.id) };
}

test.describe("no console error in any language", () => {
  test.slow();

  test("driver pages", async ({ driverPage: page }) => {
    await page.goto("/sessions");
    const sessionId = await page.locator("tr[data-session-id]").first().getAttribute("data-session-id");
    expect(sessionId, "a session of the demo driver").toBeTruthy();
    const paths = pagePaths
      .filter((route) => DRIVER_AREA.test(route))
      .map((route) => concrete(route, { id: sessionId! }));
    expect(paths).toEqual(expect.arrayContaining(["/account", "/cards", "/map", `/sessions/${sessionId}`]));
    expect(await errorsOn(page, paths)).toEqual([]);
  });

  test("staff pages as support", async ({ supportPage: page }) => {
    const ids = await demoDriverIds(page);
    const paths = pagePaths
      .filter((route) => STAFF_AREA.test(route) && !ADMIN_ONLY.test(route))
      .map((route) => concrete(route, ids));
    expect(paths).toEqual(expect.arrayContaining(["/admin/users", `/admin/users/${ids.id}`]));
    expect(await errorsOn(page, paths)).toEqual([]);
  });

  test("admin-only pages as admin", async ({ adminPage: page }) => {
    const paths = pagePaths.filter((route) => ADMIN_ONLY.test(route));
    expect(paths).toEqual(["/admin/staff"]);
    expect(await errorsOn(page, paths)).toEqual([]);
  });

  test("public pages, signed out", async ({ page }) => {
    const paths = pagePaths
      .filter((route) => !STAFF_AREA.test(route) && !DRIVER_AREA.test(route) && !route.includes("["))
      // The app-password link page exists in the ampeco dialect only.
      .filter((route) => route !== "/app-password/set" || dialectOf() === "ampeco")
      .map((route) => (route === "/signup/finish" ? "/signup/finish?token=not-a-link" : route));
    expect(paths).toEqual(expect.arrayContaining(["/", "/signin", "/signup", "/dev/mailbox"]));
    expect(await errorsOn(page, paths)).toEqual([]);
  });
});
