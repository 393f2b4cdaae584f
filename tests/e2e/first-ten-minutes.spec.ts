import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import nl from "../../messages/nl.json";
import { LOCALE_COOKIE } from "../../lib/core/i18n/locales";
import { NOTIFICATION_KINDS } from "../../lib/platform/notification-types";
import { subscribeDemoPortal } from "../../scripts/demo-push.mjs";
import { dialectOf, expect, PLATFORM_AUTH, test, unsubscribePortalCallbacks } from "./fixtures";
import { DEMO_DRIVER_ID, platformSessions } from "./platform-sessions";

/**
 * Issue 36, "The first ten minutes", problems 1, 2 and the session items of 11, each in English and in Dutch or
 * German, in both dialects (the ampeco project is the quick start's default since this issue):
 * - every page in the navigation serves content; a page the platform cannot serve (the contract's ledger) is not
 *   offered, and opened directly says why once;
 * - every session names its place: name, street and city on the list, the detail page and the CSV; where the
 *   platform tells no place (the contract's 404s), the list says so once instead of on every row;
 * - during an outage /sessions shows one clear box; the session page shows no UTC rows and no platform caveats.
 */
const CATALOGUES = { en, nl, de } as const;
type Locale = keyof typeof CATALOGUES;
const words = (locale: Locale) => createTranslator({ locale, messages: CATALOGUES[locale] });

/** The demo driver's pages in a language, as the switcher's cookie chooses it (this test's browser context only). */
async function inLanguage(page: Page, locale: Locale) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url }]);
  return words(locale);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const sessionsTable = (page: Page) => page.locator("table.sessions-table");

function csvRows(text: string): string[][] {
  // The place's cells hold commas: split on commas outside quotes.
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, "")))
    .map((cells) => cells.slice(0, -1));
}

const PLACE_NAMES = {
  en: ["Westerpark Charging Hub", "Zuidas Fast Charger", "Park and Ride Science Park", "Haarlem Station North"],
  nl: ["Laadplein Westerpark", "Snellader Zuidas", "P+R Science Park", "Station Haarlem Noord"],
} as const;
const ROAMING_NAMES = {
  en: /Partner (hub Sloterdijk|charger Amstel)\s*(Orlyplein 10|Julianaplein 1), Amsterdam/,
  nl: /Partner(laadplein Sloterdijk|lader Amstel)\s*(Orlyplein 10|Julianaplein 1), Amsterdam/,
} as const;

// The contract has no callbacks: its pages poll.
test(
  "problem 1: npm start subscribes the portal to the demo platform's callbacks, so live updates are pushed",
  {
    tag: "@ampeco-only",
  },
  async ({ request }) => {
    const baseUrl = test.info().project.use.baseURL!;
    const settings = { apiKey: PLATFORM_AUTH.Authorization.replace("Bearer ", ""), kinds: NOTIFICATION_KINDS };
    // Another journey may hold a subscription for this portal already; then it is kept, never doubled.
    const first = await subscribeDemoPortal(baseUrl, settings);
    try {
      expect(["created", "kept"]).toContain(first.outcome);
      // A restart of `npm start` makes none.
      expect(await subscribeDemoPortal(baseUrl, settings)).toEqual({ outcome: "kept", id: first.id });
      await expect
        .poll(
          async () => ((await (await request.get("/api/health")).json()) as { events?: { recent: boolean } }).events,
          {
            timeout: 20_000,
          },
        )
        .toEqual({ recent: true });
    } finally {
      if (first.outcome === "created") await unsubscribePortalCallbacks(request, first.id);
    }
  },
);

for (const locale of ["en", "nl"] as const) {
  test(
    `problem 1 (${locale}): every page in the navigation shows working content; a page the platform cannot serve is not offered`,
    { tag: "@ampeco" },
    async ({ driverPage: page }) => {
      const t = await inLanguage(page, locale);
      await page.goto("/account");
      const nav = page.getByRole("navigation", { name: t("layout.nav.driver") });
      const paymentsLink = nav.getByRole("link", { name: t("layout.links.payments"), exact: true });
      if (dialectOf() === "ampeco") {
        // The quick start's dialect: the ledger with invoices, and billing details to fill in.
        await paymentsLink.click();
        await expect(heading(page, t("payments.title"))).toBeVisible();
        const ledger = page.getByRole("table").first();
        await expect(ledger.locator("tbody tr").first()).toBeVisible();
        const [before, after] = t("payments.downloadInvoice", { number: "#" }).split("#");
        await expect(page.getByRole("link", { name: new RegExp(`^${before}\\S+${after}$`) }).first()).toBeVisible();
        await page.goto("/account/billing");
        await expect(heading(page, t("billing.title"))).toBeVisible();
        await expect(page.getByRole("radio").first()).toBeVisible();
        await expect(page.getByText(t("billing.unsupported"))).toHaveCount(0);
      } else {
        // The contract keeps no ledger: not in the navigation, no link to it on the account page.
        await expect(nav.getByRole("link").first()).toBeVisible();
        await expect(paymentsLink).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("accountSettings.links.payments") })).toHaveCount(0);
        // Opened directly, the page says why once, under no subtitle that promises every payment.
        await page.goto("/account/payments");
        await expect(heading(page, t("payments.title"))).toBeVisible();
        await expect(page.getByText(t("payments.notProvided.title"))).toHaveCount(1);
        await expect(page.getByText(t("payments.intro"))).toHaveCount(0);
      }
      // Every page the navigation offers opens with its heading, and none is an error page.
      const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
      expect(hrefs.length).toBeGreaterThanOrEqual(5);
      for (const href of hrefs) {
        await page.goto(href);
        await expect(page.getByRole("heading", { level: 1 }).first(), href).toBeVisible();
        await expect(page.getByRole("main").getByRole("alert"), href).toHaveCount(0);
      }
    },
  );

  test(
    `problem 2 (${locale}): every session names its place on the list, the detail page and the CSV`,
    { tag: "@ampeco" },
    async ({ driverPage: page, request }) => {
      const t = await inLanguage(page, locale);
      await page.goto("/sessions");
      await expect(heading(page, t("sessions.title"))).toBeVisible();
      const rows = sessionsTable(page).locator("tbody tr");
      await expect(rows.first()).toBeVisible();
      if (dialectOf() === "ampeco") {
        await expect(
          sessionsTable(page).getByRole("columnheader", { name: t("sessions.table.location") }),
        ).toBeVisible();
        const count = await rows.count();
        for (let i = 0; i < count; i++) {
          // Every row: a name, then street and number, then the city.
          await expect(rows.nth(i).locator(".session-place")).toHaveText(/\S.*\S+ \d+, (Amsterdam|Utrecht|Haarlem)$/);
        }
        await expect(rows.filter({ hasText: PLACE_NAMES[locale][0] }).first()).toContainText(
          "Haarlemmerweg 8, Amsterdam",
        );
        // Roaming partners' sites are named as AMPECO lists them, in the page's language too.
        const roaming = rows.filter({ hasText: ROAMING_NAMES[locale] });
        await expect(roaming.first()).toBeVisible();
        await expect(page.getByText(t("sessions.table.locationUnknown"))).toHaveCount(0);

        // The detail page: name and address.
        const all = await platformSessions(request, DEMO_DRIVER_ID);
        const finished = all.items.find((s) => s.status === "finished")!;
        await page.goto(`/sessions/${finished.id}`);
        const field = (term: string) =>
          page
            .locator("dt")
            .filter({ hasText: new RegExp(`^${term}$`) })
            .locator("xpath=following-sibling::dd[1]");
        await expect(field(t("sessionDetails.location.name"))).toHaveText(/\S/);
        await expect(field(t("sessionDetails.location.address"))).toHaveText(/\S+ \d+, (Amsterdam|Utrecht|Haarlem)$/);
        await expect(page.getByText(t("sessionDetails.location.unavailableTitle"))).toHaveCount(0);

        // Issue 38: the session leads to its charge point's page, with the price and the live status.
        const again = page.getByRole("link", { name: t("sessionDetails.chargeHereAgain") });
        await expect(again).toHaveAttribute("href", /^\/charge\/NL\*DPT\*E\d+$/);
        await again.click();
        await expect(page.getByRole("heading", { level: 2, name: t("charging.page.evses") })).toBeVisible();
        await page.goBack();

        // The CSV: name and address columns filled on every row.
        const csv = await page.request.get("/api/sessions/export");
        expect(csv.status()).toBe(200);
        const [header, ...lines] = csvRows(await csv.text());
        const name = header!.indexOf(t("sessionsCsv.columns.locationName"));
        const address = header!.indexOf(t("sessionsCsv.columns.locationAddress"));
        expect(name).toBeGreaterThan(0);
        expect(lines.length).toBeGreaterThan(20);
        for (const line of lines) {
          expect(line[name], line.join(",")).toMatch(/\S/);
          expect(line[address], line.join(",")).toMatch(/, (Amsterdam|Utrecht|Haarlem)$/);
        }
        expect(lines.some((line) => PLACE_NAMES[locale].includes(line[name] as never))).toBe(true);
      } else {
        // The contract answers 404 for every location: said once, no column of dashes.
        await expect(page.getByText(t("sessions.list.placesNotTold"))).toHaveCount(1);
        await expect(sessionsTable(page).getByRole("columnheader", { name: t("sessions.table.location") })).toHaveCount(
          0,
        );
        await expect(page.getByText(t("sessions.table.locationUnknown"))).toHaveCount(0);
      }
    },
  );

  test(
    `problem 11 (${locale}): one clear box on /sessions during an outage; the session page shows no UTC rows or caveats`,
    { tag: "@ampeco" },
    async ({ driverPage: page, request, emulator }) => {
      test.slow();
      const t = await inLanguage(page, locale);
      const all = await platformSessions(request, DEMO_DRIVER_ID);
      const finished = all.items.find((s) => s.status === "finished")!;
      await page.goto(`/sessions/${finished.id}`);
      const terms = page.locator("dl dt");
      await expect(terms.first()).toBeVisible();
      const shown = await terms.allTextContents();
      expect(shown).toContain(t("sessionDetails.fields.started"));
      expect(shown).toContain(t("sessionDetails.fields.stopped"));
      // No UTC rows and no "(local time)" beside the times: one time, in the driver's zone.
      expect(shown.filter((term) => /UTC|local|lokal|Orts|zone/i.test(term))).toEqual([]);
      await expect(page.getByText(/Europe\/Amsterdam|UTC/)).toHaveCount(0);

      await emulator.setFaults({ errorRate: 1 });
      try {
        await page.goto("/sessions");
        await expect(heading(page, t("sessions.title"))).toBeVisible();
        const boxes = page.getByRole("main").getByRole("alert");
        await expect(boxes.first()).toBeVisible({ timeout: 30_000 });
        // Wait for the streamed sections to settle before counting.
        await page.waitForLoadState("networkidle");
        await expect(boxes).toHaveCount(1);
        await expect(boxes).toContainText(t("sessions.loadFailed"));
        await expect(page.getByText(t("sessions.overview.monthlyFailedHint"))).toHaveCount(0);
        await expect(page.getByText(t("sessions.noCurrency"))).toHaveCount(0);
      } finally {
        await emulator.clearFaults();
      }
    },
  );
}
