import type { Page } from "@playwright/test";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { expectNoAxeViolations } from "./axe";
import { dialectOf, expect, test } from "./fixtures";

/**
 * Issue 36, problem 6: an unknown address gets the portal's own not-found page (its header, the visitor's language, the
 * way back) with a 404, signed in or not; the friendly not-found pages of a session or a driver answer 404, not 200;
 * a staff page the role may not open answers 403 with a sentence.
 */
const WORDS = { en, de } as const;

async function inLanguage(page: Page, language: keyof typeof WORDS): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: language, url: origin }]);
}

/** Opens `url` and checks the branded page: status, heading, the header's home link and the way back. */
async function expectNotFoundPage(page: Page, url: string, back: { name: string; href: string }): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers 404`).toBe(404);
  const language = (await page.locator("html").getAttribute("lang")) as keyof typeof WORDS;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(WORDS[language].pageNotFound.title);
  await expect(page.getByRole("banner").getByRole("link", { name: "Driver Portal" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: back.name })).toHaveAttribute("href", back.href);
  await expect(page).toHaveTitle(new RegExp(WORDS[language].pageNotFound.title));
}

for (const language of ["en", "de"] as const) {
  const t = WORDS[language];

  test.describe(`in ${language}`, () => {
    test("a signed-out visitor at an unknown address gets the branded 404 with the way to the start page", async ({
      page,
    }) => {
      await inLanguage(page, language);
      await expectNotFoundPage(page, "/no-such-page", { name: t.pageNotFound.backHome, href: "/" });
      await expect(page.getByRole("banner").getByRole("link", { name: t.auth.signIn })).toBeVisible();
      // The same ways in as every signed-out page's header.
      await expect(page.getByRole("banner").getByRole("link", { name: t.auth.createAccount })).toHaveAttribute(
        "href",
        "/signup",
      );
      await expectNoAxeViolations(page, "not found, signed out");
      // A mistyped address inside a known area still asks a visitor to sign in first.
      await page.goto("/cards");
      await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fcards/);
    });

    test("a driver at an unknown address gets the 404 in the portal's frame, with the driver's navigation", async ({
      driverPage: page,
    }) => {
      await inLanguage(page, language);
      for (const url of ["/no-such-page", "/cards/no-such-card", "/account/nothing/here"]) {
        await expectNotFoundPage(page, url, { name: t.pageNotFound.backAccount, href: "/account" });
        await expect(
          page.getByRole("navigation", { name: t.layout.nav.driver }).getByRole("link", { name: t.layout.links.cards }),
        ).toBeVisible();
        // The navigation offers what this platform serves, as on every driver page: no ledger on the contract.
        await expect(
          page
            .getByRole("navigation", { name: t.layout.nav.driver })
            .getByRole("link", { name: t.layout.links.payments }),
        ).toHaveCount(dialectOf() === "ampeco" ? 1 : 0);
      }
      await expectNoAxeViolations(page, "not found, driver");
    });

    test("a session that is not the driver's answers 404 with its friendly page", async ({ driverPage: page }) => {
      await inLanguage(page, language);
      for (const id of ["999999999", "not-an-id"]) {
        const response = await page.goto(`/sessions/${id}`);
        expect(response?.status(), `/sessions/${id}`).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.sessionDetails.notFound.title);
      }
    });

    test("support: an unknown driver answers 404, an admin-only page 403 with a sentence", async ({
      supportPage: page,
    }) => {
      await inLanguage(page, language);
      const missing = await page.goto("/admin/users/987654321");
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.admin.driverNotFound.title);

      const refused = await page.goto("/admin/staff");
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.forbidden.title);
      await expect(page.getByText(t.forbidden.text)).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: t.forbidden.back })).toHaveAttribute(
        "href",
        "/admin",
      );
      await expectNoAxeViolations(page, "forbidden");
      const unknown = await page.goto("/admin/no-such-page");
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole("main").getByRole("link", { name: t.pageNotFound.backStaff })).toHaveAttribute(
        "href",
        "/admin",
      );
    });
  });
}

test("an admin still opens the admin-only page", async ({ adminPage: page }) => {
  const response = await page.goto("/admin/staff");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(en.forbidden.title);
});
