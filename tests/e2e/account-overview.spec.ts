import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import { expectNoAxeViolations } from "./axe";
import { createPlatformCard, expect, pressEnterOn, signInNewPlatformDriver, test } from "./fixtures";
import { DEMO_DRIVER_ID, platformSessions } from "./platform-sessions";

/**
 * Issue 37: /account is an overview (what needs the driver, balance, cards, this month, the last sessions) and the
 * settings live on focused pages, each in the three languages, at 360 px, by keyboard and with axe.
 */
const CATALOGUES = { en, nl, de } as const;
type Locale = keyof typeof CATALOGUES;

async function inLanguage(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: test.info().project.use.baseURL! }]);
  return createTranslator({ locale, messages: CATALOGUES[locale] });
}

const SETTINGS_PAGES = [
  ["/account/profile", "profile"],
  ["/account/security", "security"],
  ["/account/notifications", "notifications"],
  ["/account/app-password", "appPassword"],
  ["/account/billing", "billing"],
  ["/account/privacy", "privacy"],
] as const;

/** "December 2026" in Amsterdam, as the platform's local start times name it. */
function currentMonth(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit" })
    .format(new Date())
    .slice(0, 7);
}

for (const locale of ["en", "nl"] as const) {
  test(
    `the overview names each notice: an e-mail change waiting for its link, a blocked card, and a pending deletion (${locale})`,
    { tag: "@ampeco" },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      const driver = await signInNewPlatformDriver(page, request, `overview.${locale}`, { first_name: "Olga" });
      const t = await inLanguage(page, locale);
      const code = `OV${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
      const blocked = `NL-OV-${code.slice(2, 8)}`;
      const paused = `NL-OP-${code.slice(8, 14)}`;
      await createPlatformCard(request, { userId: driver.id, code, visualNumber: blocked, status: "blocked" });
      await createPlatformCard(request, {
        userId: driver.id,
        code: `${code}P`,
        visualNumber: paused,
        status: "active",
      });

      // The blocked card is a notice at once, and the cards card counts both.
      await page.goto("/account");
      await expect(
        page.getByRole("heading", { level: 1, name: t("profile.page.hello", { name: "Olga" }) }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: t("accountOverview.attention") })).toContainText(blocked);
      const cards = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: t("accountOverview.cards.title") }) });
      await expect(cards).toContainText(t("accountOverview.cards.count", { count: 2 }));
      await expect(page.getByText(t("accountOverview.recent.empty"))).toBeVisible();
      await expect(page.getByText(t("accountOverview.month.none"))).toBeVisible();

      // A paused card is named on the overview.
      await page.goto("/cards");
      const pause = t.rich("cards.change.pause.label", { card: paused, hidden: (chunks) => ` ${chunks}` }) as string;
      await pressEnterOn(page.getByRole("row").filter({ hasText: paused }).getByRole("button", { name: pause.trim() }));
      await expect(page.getByRole("row").filter({ hasText: paused })).toContainText(t("cards.status.inactive"));
      await page.goto("/account");
      await expect(cards).toContainText(t("accountOverview.cards.paused", { cards: paused }));

      // An e-mail change waiting for its link.
      const newEmail = `e2e.overview.${randomUUID().slice(0, 8)}@example.com`;
      await page.goto("/account/profile");
      await page.getByLabel(t("profile.email.newAddress")).fill(newEmail);
      await page.getByRole("button", { name: t("profile.email.change"), exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: newEmail })).toBeVisible();
      await page.goto("/account");
      const notices = page.getByRole("region", { name: t("accountOverview.attention") });
      await expect(notices).toContainText(newEmail);
      await expect(notices).toContainText(blocked);
      await expect(notices.getByRole("link", { name: t("accountOverview.emailChangeLink") })).toHaveAttribute(
        "href",
        "/account/profile",
      );
      await expect(notices.getByRole("link", { name: t("accountOverview.blockedCardsLink") })).toHaveAttribute(
        "href",
        "/cards",
      );
      await expect(page.getByTestId("deletion-banner")).toHaveCount(0);

      // A pending deletion: the banner, on the overview as on every driver page.
      await page.goto("/account/privacy");
      await page.getByRole("button", { name: t("accountDeletion.trigger") }).click();
      await page.getByRole("button", { name: t("accountDeletion.confirm") }).click();
      await expect(page.getByTestId("deletion-banner")).toBeVisible();
      await page.goto("/account");
      await expect(page.getByTestId("deletion-banner")).toContainText(t("accountDeletionBanner.link"));
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page);
      }
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
  );
}

test(
  "the demo driver's overview: the last three sessions with their place, the running one live, and this month's totals",
  { tag: "@ampeco" },
  async ({ driverPage: page, request }) => {
    const { items: sessions } = await platformSessions(request, DEMO_DRIVER_ID);
    const month = currentMonth();
    // The overview's rule: a session counts once it no longer runs (a failed one without a stop time counts too).
    const running = (s: (typeof sessions)[number]) =>
      s.stoppedAtLocal === null && (s.status === "started" || s.status === "charging");
    const finishedThisMonth = sessions.filter((s) => s.startedAtLocal.startsWith(month) && !running(s));
    await page.goto("/account");
    const recent = page.locator("section").filter({ has: page.getByRole("heading", { name: "Recent sessions" }) });
    const rows = recent.locator("table.sessions-table tbody tr");
    await expect(rows).toHaveCount(3);
    // Each row opens its session.
    const href = await rows.first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/sessions\/\w+/);
    // The running session is the live panel's.
    await expect(recent.getByText("Charging now").first()).toBeVisible();
    const thisMonth = page.locator("section").filter({ has: page.getByRole("heading", { name: "This month" }) });
    if (finishedThisMonth.length === 0) {
      await expect(thisMonth).toContainText(/No charging this month yet|still charging/);
    } else {
      await expect(thisMonth).toContainText(new RegExp(`(^|\\D)${finishedThisMonth.length} sessions?\\b`));
    }
    await recent.getByRole("link", { name: "All sessions" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
  },
);

for (const locale of ["en", "nl", "de"] as const) {
  test(`every settings page in ${locale}: its heading, the settings menu by keyboard, axe, and 360 px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInNewPlatformDriver(page, request, `settings.${locale}`);
    const t = await inLanguage(page, locale);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, key] of SETTINGS_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        key === "billing" ? t("billing.title") : t(`accountSettings.links.${key}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
    }
    // On a phone the menu is folded: opened and followed by keyboard alone.
    await page.goto("/account/profile");
    const menu = page.locator("details.settings-menu");
    const summary = menu.locator("summary");
    await expect(menu.getByRole("link", { name: t("accountSettings.links.notifications") })).toBeHidden();
    await summary.focus();
    await page.keyboard.press("Enter");
    const link = menu.getByRole("link", { name: t("accountSettings.links.notifications") });
    await expect(link).toBeVisible();
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/notifications$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("accountSettings.links.notifications"));
    // One form, one save, by keyboard: Space ticks, Enter saves.
    const receipts = page.getByRole("checkbox", { name: t("accountSettings.notifications.receiptMail") });
    await expect(receipts).toBeChecked();
    await receipts.focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: t("accountSettings.notifications.save") }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("receipts.off") })).toBeVisible();
    // Stored, not only said: a fresh read of the page shows the saved switch.
    await page.goto("/account/notifications");
    await expect(receipts).not.toBeChecked();
    await receipts.focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: t("accountSettings.notifications.save") }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("receipts.on") })).toBeVisible();
    await page.goto("/account/notifications");
    await expect(receipts).toBeChecked();
    // From md up the menu is a column beside the page, always open, the current page marked.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(summary).toBeHidden();
    await expect(menu.getByRole("link", { name: t("accountSettings.links.notifications") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }
  });
}
